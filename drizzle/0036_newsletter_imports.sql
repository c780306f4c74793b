CREATE TABLE "newsletter_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"row_count" integer NOT NULL,
	"added_count" integer NOT NULL,
	"confirmed_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL,
	"skipped_unsubscribed_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_import_id_newsletter_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."newsletter_imports"("id") ON DELETE set null ON UPDATE no action;