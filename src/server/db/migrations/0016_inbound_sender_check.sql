ALTER TABLE "inbound_emails" DROP CONSTRAINT "inbound_emails_message_id_header_unique";--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD COLUMN "sender_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "sender_unverified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_emails_accepted_idx" ON "inbound_emails" USING btree ("from_address","message_id_header","sender_verified") WHERE "inbound_emails"."outcome" <> 'rejected';