-- The prepared reasons of the admin's rejection modal (GET /api/rejection-choices). Reference data,
-- not demo data: every installation starts with these; the text is what the applicant receives.
INSERT INTO "rejection_choices" ("key", "title", "text", "sort_order") VALUES
  ('OPPTATT', 'Lokalet er opptatt', 'Lokalet er dessverre allerede utlånt eller utleid på tidspunktet du har søkt om. Du er velkommen til å søke om et annet tidspunkt.', 10),
  ('EGET_ARRANGEMENT', 'Eget arrangement', 'Lokalet skal brukes til vårt eget arrangement på tidspunktet du har søkt om. Du er velkommen til å søke om et annet tidspunkt.', 20),
  ('AKTIVITET_PASSER_IKKE', 'Aktiviteten passer ikke i lokalet', 'Aktiviteten du har søkt om passer dessverre ikke i dette lokalet. Se beskrivelsen av lokalet, og søk gjerne om et annet rom.', 30),
  ('OPPFYLLER_IKKE_KRITERIENE', 'Oppfyller ikke kriteriene', 'Søknaden oppfyller dessverre ikke kriteriene for lån eller leie av lokalet. Du kan lese mer om hvem som kan søke under «Om lån og leie» på lokalets side.', 40),
  ('SOKNADSFRIST', 'Søknadsfristen er ute', 'Søknaden kom inn etter søknadsfristen. Søknader om semesterlån må være sendt innen 1. juni for høsten og innen 1. november for våren.', 50),
  ('STENGT', 'Stengt eller vedlikehold', 'Lokalet er stengt i perioden du har søkt om, for eksempel på grunn av vedlikehold eller ferie.', 60),
  ('MANGLER_OPPLYSNINGER', 'Mangler opplysninger', 'Søknaden mangler opplysninger vi trenger for å behandle den. Send gjerne en ny søknad der du beskriver aktiviteten og hvem den er for.', 70)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- The e-mails sent about one booking (GET /api/booking-log/{id}/email-reminders) are found by the
-- outbox row's topic; without this index that list would scan the whole outbox.
CREATE INDEX IF NOT EXISTS "mail_outbox_booking" ON "mail_outbox" ((("topic" ->> 'bookingId')::integer), "id");
