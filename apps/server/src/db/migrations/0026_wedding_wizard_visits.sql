CREATE TABLE "wedding_wizard_visits" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"release_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wedding_wizard_visits" ADD CONSTRAINT "wedding_wizard_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wedding_wizard_visits_release_at" ON "wedding_wizard_visits" USING btree ("release_at") WHERE "wedding_wizard_visits"."release_at" is not null;