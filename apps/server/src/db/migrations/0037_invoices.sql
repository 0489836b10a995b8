CREATE TYPE "public"."invoice_channel" AS ENUM('EHF', 'ERP');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('INVOICE', 'CREDIT_NOTE');--> statement-breakpoint
CREATE TYPE "public"."invoice_outbox_kind" AS ENUM('EHF', 'ERP');--> statement-breakpoint
ALTER TYPE "public"."change_log_type" ADD VALUE 'InvoiceHold';--> statement-breakpoint
ALTER TYPE "public"."change_log_type" ADD VALUE 'InvoiceAdjustment';--> statement-breakpoint
ALTER TYPE "public"."change_log_type" ADD VALUE 'InvoiceIssued';--> statement-breakpoint
ALTER TYPE "public"."invoice_basis_element" ADD VALUE 'JUSTERING';--> statement-breakpoint
ALTER TYPE "public"."invoice_basis_element" ADD VALUE 'EKSTRA_RENHOLD';--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"period" text NOT NULL,
	"element" "invoice_basis_element" NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_holds_key" UNIQUE("booking_id","period","element")
);
--> statement-breakpoint
CREATE TABLE "invoice_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "invoice_outbox_kind" NOT NULL,
	"invoice_id" integer,
	"run_id" uuid NOT NULL,
	"message_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"receipt_id" text,
	"last_error" text,
	CONSTRAINT "invoice_outbox_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "invoice_outbox_target" CHECK (("invoice_outbox"."kind" = 'EHF') = ("invoice_outbox"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" integer NOT NULL,
	"period" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer DEFAULT nextval('invoice_number_seq') NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"channel" "invoice_channel" NOT NULL,
	"booking_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"period" text NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"kid" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"buyer_reference" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_ore" integer NOT NULL,
	"credits_invoice_id" integer,
	"run_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_ore" > 0),
	CONSTRAINT "invoices_period" CHECK ("invoices"."period" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "location_invoice_settings" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"payment_terms_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_invoice_settings_terms" CHECK ("location_invoice_settings"."payment_terms_days" between 7 and 60)
);
--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "invoice_holds" ADD CONSTRAINT "invoice_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_outbox" ADD CONSTRAINT "invoice_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_outbox" ADD CONSTRAINT "invoice_outbox_run_id_invoice_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."invoice_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_run_id_invoice_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."invoice_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_invoice_settings" ADD CONSTRAINT "location_invoice_settings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_outbox_pending" ON "invoice_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoice_outbox_invoice" ON "invoice_outbox" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_outbox_run" ON "invoice_outbox" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "invoice_runs_location" ON "invoice_runs" USING btree ("location_id","period");--> statement-breakpoint
CREATE INDEX "invoices_booking" ON "invoices" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "invoices_location_period" ON "invoices" USING btree ("location_id","period");--> statement-breakpoint
CREATE INDEX "invoices_run" ON "invoices" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD CONSTRAINT "invoice_basis_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_basis_lines_invoice" ON "invoice_basis_lines" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD CONSTRAINT "invoice_basis_lines_manual" CHECK ("invoice_basis_lines"."manual" = ("invoice_basis_lines"."reason" is not null));