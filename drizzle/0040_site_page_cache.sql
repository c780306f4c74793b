-- The legal pages, the navigation lists and the social links are content every public page shows: a write to any of them empties the page caches (as drizzle/0011).
CREATE TRIGGER "legal_pages_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "legal_pages" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "navigation_links_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "navigation_links" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "social_links_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "social_links" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();
