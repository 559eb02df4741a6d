DROP INDEX "outbox_emails_due_idx";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("priority","created_at") WHERE "outbox_emails"."status" = 'pending';