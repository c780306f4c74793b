CREATE TABLE "legal_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"text_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_pages_slug_check" CHECK (slug in ('privacy', 'terms', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "navigation_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area" text NOT NULL,
	"position" integer NOT NULL,
	"href" text DEFAULT '' NOT NULL,
	"page_id" uuid,
	"label" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigation_links_area_check" CHECK (area in ('header', 'footer_learn', 'footer_company', 'footer_legal'))
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"network" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_links_network_check" CHECK (network in ('x', 'facebook', 'instagram', 'youtube', 'linkedin', 'tiktok'))
);
--> statement-breakpoint
ALTER TABLE "navigation_links" ADD CONSTRAINT "navigation_links_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "navigation_links_area_position_idx" ON "navigation_links" USING btree ("area","position");