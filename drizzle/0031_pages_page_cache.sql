-- Pages and their sections are content public pages show: a write to either empties the page caches (as drizzle/0011).
CREATE TRIGGER "pages_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "page_sections_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_sections" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();
