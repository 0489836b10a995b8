-- Issue 14 point 11: a message the mail service refused for good (5xx), or one that ran out of
-- attempts, is recorded as failed and never retried; everything else stays on the retry path.
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;
