CREATE TYPE "public"."invoice_basis_element" AS ENUM('LOKALKATEGORI_1', 'LOKALKATEGORI_2', 'LOKALKATEGORI_3', 'ETABLERING', 'TILSYNSVAKT', 'MARKEDSPRIS');--> statement-breakpoint
CREATE TYPE "public"."invoice_basis_line_kind" AS ENUM('DEBIT', 'CREDIT');--> statement-breakpoint
CREATE TYPE "public"."invoice_basis_line_status" AS ENUM('OPEN', 'INVOICED');--> statement-breakpoint
CREATE TABLE "invoice_basis_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"element" "invoice_basis_element" NOT NULL,
	"period" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_ore" integer NOT NULL,
	"amount_ore" integer NOT NULL,
	"kind" "invoice_basis_line_kind" NOT NULL,
	"status" "invoice_basis_line_status" DEFAULT 'OPEN' NOT NULL,
	"covers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoiced_at" timestamp with time zone,
	CONSTRAINT "invoice_basis_lines_period" CHECK ("invoice_basis_lines"."period" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "invoice_basis_lines_invoiced" CHECK (("invoice_basis_lines"."status" = 'INVOICED') = ("invoice_basis_lines"."invoiced_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_basis_lines" ADD CONSTRAINT "invoice_basis_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_basis_lines_booking" ON "invoice_basis_lines" USING btree ("booking_id","id");