CREATE TABLE "lesson_video_streams" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"source_path" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"hls_prefix" text,
	"renditions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_video_streams_status_check" CHECK (status in ('queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "lesson_video_streams_progress_check" CHECK ("lesson_video_streams"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "lesson_video_streams" ADD CONSTRAINT "lesson_video_streams_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a lesson's stream decides what its page plays (poster, adaptive stream or the
-- original file), so its writes empty the page caches (docs/decisions/022), except the progress
-- figure a transcoding job updates every few seconds, which only the builder shows.
CREATE TRIGGER "lesson_video_streams_page_cache" AFTER INSERT OR DELETE OR TRUNCATE ON "lesson_video_streams" FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_content_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_video_streams_update_page_cache" AFTER UPDATE ON "lesson_video_streams" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'progress' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'progress' - 'updated_at'))
  EXECUTE FUNCTION "page_cache_content_changed"();
