CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "api_keys_scopes_check" CHECK ("api_keys"."scopes" <@ array['courses:read', 'users:read', 'enrollments:read', 'enrollments:write', 'orders:read', 'progress:read']::text[]),
	CONSTRAINT "api_keys_name_check" CHECK (length(trim("api_keys"."name")) between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_type_check";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_type_check" CHECK (type in ('grant', 'revoke', 'purchase', 'refund', 'membership_started', 'membership_ended', 'role_change', 'certificate_revoked', 'drip_unlocked', 'api_key_created', 'api_key_revoked'));