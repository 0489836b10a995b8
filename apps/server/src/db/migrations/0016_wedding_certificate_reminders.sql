CREATE TABLE "wedding_certificate_reminders" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wedding_certificate_reminders" ADD CONSTRAINT "wedding_certificate_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;