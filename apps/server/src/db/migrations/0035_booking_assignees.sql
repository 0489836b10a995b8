-- The work queue (decision 065): the case officer who has taken an application, and its change-log entries.
ALTER TYPE "public"."change_log_type" ADD VALUE 'CaseAssignment';--> statement-breakpoint
CREATE TABLE "booking_assignees" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_assignees" ADD CONSTRAINT "booking_assignees_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignees" ADD CONSTRAINT "booking_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_assignees_user" ON "booking_assignees" USING btree ("user_id");