ALTER TABLE "courses" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revision_check" CHECK ("courses"."revision" >= 1);