-- Hand-written: every write to what anonymous pages show tells the app's page caches, on every
-- instance, to drop what they rendered (docs/decisions/022-page-cache.md). NOTIFY is delivered when
-- the writing transaction commits, to every instance that LISTENs on "page_cache"; the NOTICE
-- reaches the writing connection at once, so the writer's own instance never serves the old page
-- to its next request. Which tables are content: app/server/page-cache/content-triggers.db.test.ts.
CREATE FUNCTION "page_cache_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '');
  RAISE NOTICE USING MESSAGE = 'page_cache', ERRCODE = '01PC0';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "courses_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "course_modules_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_modules" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "playbooks_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playbooks" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "testimonials_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "site_settings_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
-- A post's view count changes on every new reader's first visit of the day; only other changes count.
CREATE TRIGGER "posts_page_cache" AFTER INSERT OR DELETE OR TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "posts_update_page_cache" AFTER UPDATE ON "posts" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'view_count') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count'))
  EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
-- Public pages show authors, instructors and reviewers by name, picture, headline and bio; a sign-in
-- (last_sign_in_at) or a new account changes none of them.
CREATE TRIGGER "users_delete_page_cache" AFTER DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "users_update_page_cache" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD."name", OLD."image", OLD."headline", OLD."bio", OLD."role") IS DISTINCT FROM (NEW."name", NEW."image", NEW."headline", NEW."bio", NEW."role"))
  EXECUTE FUNCTION "page_cache_content_changed"();
