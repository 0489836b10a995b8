CREATE TYPE "public"."archive_document_kind" AS ENUM('application', 'vedtak', 'contract');--> statement-breakpoint
CREATE TABLE "archive_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" "archive_document_kind" NOT NULL,
	"case_number" text NOT NULL,
	"creates_case" boolean NOT NULL,
	"message_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"receipt_id" text,
	"last_error" text,
	CONSTRAINT "archive_outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "archive_outbox" ADD CONSTRAINT "archive_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_outbox_pending" ON "archive_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "archive_outbox_booking" ON "archive_outbox" USING btree ("booking_id","id");