CREATE TABLE "wedding_forms" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"proevingsattest_filename" text NOT NULL,
	"proevingsattest_content_type" text NOT NULL,
	"proevingsattest_size" integer NOT NULL,
	"proevingsattest_bytes" "bytea" NOT NULL,
	"proevingsattest_added_at" timestamp with time zone NOT NULL,
	"uploaded_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD CONSTRAINT "wedding_forms_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD CONSTRAINT "wedding_forms_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;