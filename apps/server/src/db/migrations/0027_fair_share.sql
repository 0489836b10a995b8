ALTER TABLE "locations" ADD COLUMN "max_pending_hours" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "max_pending_applications" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "max_rooms_per_application" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "max_dates_per_series" integer;--> statement-breakpoint
ALTER TABLE "application_rounds" ADD COLUMN "max_applications_per_applicant" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_rounds" ADD COLUMN "max_weekly_hours_per_applicant" integer DEFAULT 20 NOT NULL;