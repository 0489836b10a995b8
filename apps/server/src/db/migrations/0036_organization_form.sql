-- The organisation's form (Enhetsregisteret's organisasjonsform) on an application, for the statistics by organisation type (decision 068).
ALTER TABLE "bookings" ADD COLUMN "organization_form" text;
