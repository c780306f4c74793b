-- A lesson's files are listed on its page, which a visitor may get from the page cache (a preview lesson): a write empties the page caches (as drizzle/0011).
CREATE TRIGGER "lesson_files_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_files" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();
