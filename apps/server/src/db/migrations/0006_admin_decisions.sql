CREATE TYPE "public"."booking_document_kind" AS ENUM('CONTRACT', 'VEDTAK');--> statement-breakpoint
CREATE TABLE "booking_approvals" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"cost_category" "cost_category" NOT NULL,
	"market_price_ore" integer,
	"cost_based_prices" jsonb,
	"calculated_price_ore" integer,
	"retroactive_contract" boolean DEFAULT false NOT NULL,
	"has_tilsynsvakt" boolean DEFAULT false NOT NULL,
	"tilsynsvakt_weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_by_user_id" integer,
	"approved_by_name" text,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_approvals_market_price" CHECK ("booking_approvals"."market_price_ore" is null or "booking_approvals"."market_price_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" "booking_document_kind" NOT NULL,
	"html" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "booking_documents_hash_hex" CHECK ("booking_documents"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "rejection_choices" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selvkost_prices" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"lokalkategori1_ore" integer NOT NULL,
	"lokalkategori2_ore" integer NOT NULL,
	"lokalkategori3_ore" integer NOT NULL,
	"etablering_semesterlan_ore" integer NOT NULL,
	"etablering_engangsutleie_ore" integer NOT NULL,
	"time_tilsynsvakt_ore" integer NOT NULL,
	"time_ekstra_renhold_ore" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selvkost_prices_non_negative" CHECK (least("selvkost_prices"."lokalkategori1_ore", "selvkost_prices"."lokalkategori2_ore", "selvkost_prices"."lokalkategori3_ore", "selvkost_prices"."etablering_semesterlan_ore", "selvkost_prices"."etablering_engangsutleie_ore", "selvkost_prices"."time_tilsynsvakt_ore", "selvkost_prices"."time_ekstra_renhold_ore") >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_approvals" ADD CONSTRAINT "booking_approvals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_approvals" ADD CONSTRAINT "booking_approvals_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_documents" ADD CONSTRAINT "booking_documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selvkost_prices" ADD CONSTRAINT "selvkost_prices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_documents_current" ON "booking_documents" USING btree ("booking_id","kind") WHERE "booking_documents"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "rejection_choices_order" ON "rejection_choices" USING btree ("sort_order");