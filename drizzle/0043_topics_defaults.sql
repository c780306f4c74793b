-- The spec's topics, the defaults of every school (the owner renames, reorders or deletes them in Admin → Topics).
INSERT INTO "topics" ("name", "slug", "position") VALUES
  ('Shopify', 'shopify', 0),
  ('AI & ChatGPT', 'ai-chatgpt', 1),
  ('Automation', 'automation', 2),
  ('Fulfillment', 'fulfillment', 3),
  ('Lovable', 'lovable', 4)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The catalog's pills and filters read the topics: a write empties the page caches (as drizzle/0011).
CREATE TRIGGER "topics_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "topics" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();
