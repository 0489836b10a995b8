CREATE TYPE "public"."oslonokkelen_request_status" AS ENUM('NOT_REQUESTED', 'PUSHED_BUT_STATUS_UNKNOWN', 'ACCEPTED', 'NO_PROFILE', 'FAILED', 'ILLEGAL_PHONE_NUMBER', 'DELETED_UNTIL_BOOKING_CHANGED', 'DELETED');--> statement-breakpoint
CREATE TABLE "claim_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "local_key_service_grants" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"doors" jsonb NOT NULL,
	"periods" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oslonokkelen_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"status" "oslonokkelen_request_status" DEFAULT 'NOT_REQUESTED' NOT NULL,
	"grant_id" text,
	"grant_generation" integer DEFAULT 0 NOT NULL,
	"granted_times_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oslonokkelen_permissions_booking_phone" UNIQUE("booking_id","phone_number"),
	CONSTRAINT "oslonokkelen_permissions_phone_8_digits" CHECK ("oslonokkelen_permissions"."phone_number" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "oslonokkelen_revocations" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signed_contracts" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_by_user_id" integer NOT NULL,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_tokens" ADD CONSTRAINT "claim_tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_tokens" ADD CONSTRAINT "claim_tokens_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oslonokkelen_permissions" ADD CONSTRAINT "oslonokkelen_permissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_contracts" ADD CONSTRAINT "signed_contracts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_contracts" ADD CONSTRAINT "signed_contracts_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_tokens_booking" ON "claim_tokens" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "oslonokkelen_permissions_due" ON "oslonokkelen_permissions" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "oslonokkelen_revocations_due" ON "oslonokkelen_revocations" USING btree ("done_at","next_attempt_at");