-- Bundles are on public pages (their own page, the catalog, their courses' pages, the sitemap): a write to them empties the page caches (as drizzle/0011).
CREATE TRIGGER "bundles_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundles" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "bundle_courses_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_courses" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();
