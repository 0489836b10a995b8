CREATE TYPE "public"."location_status" AS ENUM('PUBLISHED', 'UNPUBLISHED', 'DELETED');--> statement-breakpoint
CREATE TYPE "public"."public_location_type" AS ENUM('SCHOOLS', 'KINDERGARTEN', 'LIBRARIES', 'DISTRICT_VENUES', 'WEDDINGS');--> statement-breakpoint
CREATE TYPE "public"."booking_flow_theme" AS ENUM('school', 'wedding', 'bicycle', 'default');--> statement-breakpoint
CREATE TYPE "public"."tag_type" AS ENUM('facility', 'uu', 'purpose');--> statement-breakpoint
CREATE TYPE "public"."booking_duration_type" AS ENUM('SEMESTERLOAN', 'SINGLE_BOOKING');--> statement-breakpoint
CREATE TYPE "public"."booking_purpose" AS ENUM('UNKNOWN', 'PUBLICUSER_LOAN', 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN', 'ADMINUSER_INTERNAL_ACTIVITY', 'ADMINUSER_MAKE_TIME_UNAVAILABLE');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('UNPROCESSED', 'APPROVED', 'REJECTED', 'CANCELLED', 'AUTOREJECTED');--> statement-breakpoint
CREATE TYPE "public"."change_log_type" AS ENUM('BookingApproval', 'BookingRejection', 'BookingCancellation', 'BookingSetToUnprocessed', 'ReservationRejection', 'AssetRejection', 'ReservationChange', 'ReservationAddition', 'DecisionMessage', 'Comment', 'CONTRACT', 'WeddingCertificateReminderSent', 'WEDDING_CERTIFICATE');--> statement-breakpoint
CREATE TYPE "public"."cost_category" AS ENUM('FREE', 'COST', 'MARKET');--> statement-breakpoint
CREATE TYPE "public"."requirement_type" AS ENUM('CONTRACT', 'WEDDING_CERTIFICATE');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('UNPROCESSED', 'APPROVED', 'REJECTED', 'REPLACED', 'UNAVAILABLE', 'CANCELLED', 'AUTOREJECTED');--> statement-breakpoint
CREATE TYPE "public"."source_form" AS ENUM('default', 'school', 'wedding', 'bicycle', 'internal');--> statement-breakpoint
CREATE TYPE "public"."support_category" AS ENUM('LOCATION', 'BOOKING', 'TECHNICAL', 'OTHER');--> statement-breakpoint
CREATE TABLE "geographic_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_about" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"who_can_apply" text,
	"location_costs" text,
	"loan_criteria" text
);
--> statement-breakpoint
CREATE TABLE "location_admins" (
	"location_id" integer NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "location_admins_location_id_email_pk" PRIMARY KEY("location_id","email"),
	CONSTRAINT "location_admins_email_lower" CHECK ("location_admins"."email" = lower("location_admins"."email"))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"information_url" text,
	"external_url" text,
	"company_code" text,
	"status" "location_status" DEFAULT 'UNPUBLISHED' NOT NULL,
	"public_location_type" "public_location_type" NOT NULL,
	"filter_category" "public_location_type" DEFAULT 'SCHOOLS' NOT NULL,
	"geographic_area_id" text NOT NULL,
	"display_in_portal" boolean DEFAULT true NOT NULL,
	"homepage" text,
	"street_address" text,
	"post_code" text,
	"city" text,
	"phone_number" text,
	"contact_email" text,
	"information_message" text,
	"require_contract" boolean DEFAULT false NOT NULL,
	"require_cost_category" boolean DEFAULT false NOT NULL,
	"enable_vedtak" boolean DEFAULT false NOT NULL,
	"admin_can_book_past_dates" boolean DEFAULT false NOT NULL,
	"allow_repeated_bookings_for_public_user" boolean DEFAULT true NOT NULL,
	"allow_single_bookings_for_public_user" boolean DEFAULT true NOT NULL,
	"max_one_timeslot_per_booking_for_public_user" boolean DEFAULT false NOT NULL,
	"behandlingstid" integer DEFAULT 0 NOT NULL,
	"min_booking_duration_minutes" integer,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_behandlingstid_non_negative" CHECK ("locations"."behandlingstid" >= 0),
	CONSTRAINT "locations_min_duration_positive" CHECK ("locations"."min_booking_duration_minutes" is null or "locations"."min_booking_duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "asset_tags" (
	"bookable_asset_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "asset_tags_bookable_asset_id_tag_id_pk" PRIMARY KEY("bookable_asset_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "asset_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "asset_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "bookable_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"external_asset_number" text,
	"status" "location_status" DEFAULT 'PUBLISHED' NOT NULL,
	"capacity" integer,
	"square_meters" double precision,
	"asset_type_id" integer,
	"booking_flow_id" integer,
	"has_oslonokkelen" boolean DEFAULT false NOT NULL,
	"asset_info_message" text,
	"allow_repeated_bookings_for_public_user" boolean DEFAULT true NOT NULL,
	"allow_single_bookings_for_public_user" boolean DEFAULT true NOT NULL,
	"max_one_timeslot_per_booking_for_public_user" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookable_assets_capacity_non_negative" CHECK ("bookable_assets"."capacity" is null or "bookable_assets"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"theme" "booking_flow_theme" DEFAULT 'default' NOT NULL,
	"admin_form_link" text,
	"public_form_link" text
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tag_type" "tag_type" NOT NULL,
	CONSTRAINT "tags_name_type" UNIQUE("name","tag_type")
);
--> statement-breakpoint
CREATE TABLE "blocked_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"bookable_asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"period" "tstzrange" GENERATED ALWAYS AS (tstzrange((("date" + "start_time") AT TIME ZONE 'Europe/Oslo'), (((("date" + "start_time") AT TIME ZONE 'Europe/Oslo') AT TIME ZONE 'UTC' + "duration_minutes" * interval '1 minute') AT TIME ZONE 'UTC'), '[)')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_times_duration_positive" CHECK ("blocked_times"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "closed_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" text,
	CONSTRAINT "closed_dates_one_per_day" UNIQUE("location_id","date")
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"bookable_asset_id" integer,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "opening_hours_one_per_day" UNIQUE NULLS NOT DISTINCT("location_id","bookable_asset_id","weekday"),
	CONSTRAINT "opening_hours_weekday" CHECK ("opening_hours"."weekday" between 1 and 7),
	CONSTRAINT "opening_hours_order" CHECK ("opening_hours"."closes" > "opening_hours"."opens")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" "booking_status" DEFAULT 'UNPROCESSED' NOT NULL,
	"user_id" integer,
	"organization_number" text,
	"organization_name" text,
	"location_id" integer NOT NULL,
	"purpose" "booking_purpose" DEFAULT 'PUBLICUSER_LOAN' NOT NULL,
	"source_form" "source_form" DEFAULT 'default' NOT NULL,
	"duration_type" "booking_duration_type" DEFAULT 'SINGLE_BOOKING' NOT NULL,
	"case_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cost_category" "cost_category",
	"market_price_ore" integer,
	"internal_event_title" text,
	"internal_comment" text,
	"form_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancellation_deadline" timestamp with time zone,
	"on_behalf_of_name" text,
	"on_behalf_of_email" text,
	CONSTRAINT "bookings_case_number_unique" UNIQUE("case_number"),
	CONSTRAINT "bookings_market_price_non_negative" CHECK ("bookings"."market_price_ore" is null or "bookings"."market_price_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"type" "change_log_type" NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"reservation_times" jsonb,
	"new_reservation_times" jsonb,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "decision_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"type" "requirement_type" NOT NULL,
	"is_fulfilled" boolean DEFAULT false NOT NULL,
	"fulfilled_by_user_id" integer,
	"fulfilled_by_name" text,
	"fulfillment_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"bookable_asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"initial_repetition_date" date,
	"status" "reservation_status" DEFAULT 'UNPROCESSED' NOT NULL,
	"period" "tstzrange" GENERATED ALWAYS AS (tstzrange((("date" + "start_time") AT TIME ZONE 'Europe/Oslo'), (((("date" + "start_time") AT TIME ZONE 'Europe/Oslo') AT TIME ZONE 'UTC' + "duration_minutes" * interval '1 minute') AT TIME ZONE 'UTC'), '[)')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_duration_positive" CHECK ("reservations"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "frontend_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"msg" text NOT NULL,
	"level" text NOT NULL,
	"user_agent" text,
	"client_time" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_inquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category" "support_category" NOT NULL,
	"user_email" text NOT NULL,
	"message" text NOT NULL,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_about" ADD CONSTRAINT "location_about_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_admins" ADD CONSTRAINT "location_admins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_geographic_area_id_geographic_areas_id_fk" FOREIGN KEY ("geographic_area_id") REFERENCES "public"."geographic_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookable_assets" ADD CONSTRAINT "bookable_assets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookable_assets" ADD CONSTRAINT "bookable_assets_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookable_assets" ADD CONSTRAINT "bookable_assets_booking_flow_id_booking_flows_id_fk" FOREIGN KEY ("booking_flow_id") REFERENCES "public"."booking_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_times" ADD CONSTRAINT "blocked_times_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_messages" ADD CONSTRAINT "decision_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_fulfilled_by_user_id_users_id_fk" FOREIGN KEY ("fulfilled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD CONSTRAINT "support_inquiries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_tags_tag" ON "asset_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "bookable_assets_location" ON "bookable_assets" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "blocked_times_asset_date" ON "blocked_times" USING btree ("bookable_asset_id","date");--> statement-breakpoint
CREATE INDEX "bookings_user" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_location_status" ON "bookings" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "bookings_org" ON "bookings" USING btree ("organization_number");--> statement-breakpoint
CREATE INDEX "change_log_booking" ON "change_log" USING btree ("booking_id","logged_at");--> statement-breakpoint
CREATE INDEX "decision_messages_booking" ON "decision_messages" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "requirements_booking" ON "requirements" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reservations_booking" ON "reservations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reservations_asset_date" ON "reservations" USING btree ("bookable_asset_id","date");--> statement-breakpoint
CREATE INDEX "frontend_errors_fingerprint" ON "frontend_errors" USING btree ("fingerprint","id");--> statement-breakpoint
CREATE INDEX "frontend_errors_received" ON "frontend_errors" USING btree ("received_at");