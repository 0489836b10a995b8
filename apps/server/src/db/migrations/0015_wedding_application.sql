ALTER TABLE "wedding_forms" ALTER COLUMN "proevingsattest_filename" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wedding_forms" ALTER COLUMN "proevingsattest_content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wedding_forms" ALTER COLUMN "proevingsattest_size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wedding_forms" ALTER COLUMN "proevingsattest_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wedding_forms" ALTER COLUMN "proevingsattest_added_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD COLUMN "applicant_ssn" text;--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_hold_expires" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD CONSTRAINT "wedding_forms_certificate_whole" CHECK (("wedding_forms"."proevingsattest_bytes" is null) = ("wedding_forms"."proevingsattest_filename" is null)
    and ("wedding_forms"."proevingsattest_bytes" is null) = ("wedding_forms"."proevingsattest_content_type" is null)
    and ("wedding_forms"."proevingsattest_bytes" is null) = ("wedding_forms"."proevingsattest_size" is null)
    and ("wedding_forms"."proevingsattest_bytes" is null) = ("wedding_forms"."proevingsattest_added_at" is null));--> statement-breakpoint
ALTER TABLE "wedding_forms" ADD CONSTRAINT "wedding_forms_answers_sent" CHECK (("wedding_forms"."answers" is null) = ("wedding_forms"."submitted_at" is null));