DROP INDEX "access_events_user_created_idx";--> statement-breakpoint
DROP INDEX "access_events_course_created_idx";--> statement-breakpoint
DROP INDEX "announcements_created_idx";--> statement-breakpoint
DROP INDEX "courses_status_published_idx";--> statement-breakpoint
DROP INDEX "posts_updated_at_idx";--> statement-breakpoint
DROP INDEX "quiz_attempts_user_idx";--> statement-breakpoint
DROP INDEX "reviews_course_created_idx";--> statement-breakpoint
DROP INDEX "testimonials_given_on_idx";--> statement-breakpoint
CREATE INDEX "access_events_user_created_idx" ON "access_events" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_events_course_created_idx" ON "access_events" USING btree ("course_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_status_published_idx" ON "courses" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "posts_updated_at_idx" ON "posts" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_idx" ON "quiz_attempts" USING btree ("user_id","submitted_at" DESC NULLS FIRST,"attempt_number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_course_created_idx" ON "reviews" USING btree ("course_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "testimonials_given_on_idx" ON "testimonials" USING btree ("given_on" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"name");