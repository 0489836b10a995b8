-- What the outbox sends besides the text (decision 053): the Reply-To of a booking's messages (its
-- location's contact address, read when the message is queued) and the one-click List-Unsubscribe
-- address of a message that can be stopped (RFC 8058; the free-time alerts). Rows queued before
-- have neither and go out as before, with the headers every message now has.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;
