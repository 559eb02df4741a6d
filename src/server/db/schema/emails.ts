import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { supportTickets } from "./tickets";

/** Email in and out: what reached the support address, and the outbox. */

/**
 * Every email that reached the support address, and what became of it: a reply added, a ticket
 * opened, or rejected with the reason. An accepted mail's Message-ID, per sender, makes a
 * redelivered copy count once; a refused one reserves nothing, so a stranger cannot block a
 * genuine message by sending its Message-ID first.
 */
export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageIdHeader: varchar("message_id_header", { length: 998 }).notNull(),
    fromAddress: varchar("from_address", { length: 254 }).notNull(),
    /** The From was proven (DMARC alignment, or the provider's webhook); false: not, or unread. */
    senderVerified: boolean("sender_verified").notNull().default(false),
    toAddress: varchar("to_address", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 998 }).notNull(),
    outcome: varchar("outcome", { length: 20 }).notNull(),
    reason: text("reason"),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("inbound_emails_created_at_idx").on(table.createdAt),
    // A forged copy filed unverified never stands in for the genuine one, nor the other way.
    uniqueIndex("inbound_emails_accepted_idx")
      .on(table.fromAddress, table.messageIdHeader, table.senderVerified)
      .where(sql`${table.outcome} <> 'rejected'`),
    check(
      "inbound_emails_outcome_check",
      sql`${table.outcome} in ('reply', 'new-ticket', 'rejected')`,
    ),
  ],
);

/** A file an email carries. */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * Every email, written in the same transaction as the event that causes it and sent later by
 * the outbox worker, so no event is lost when mail is down.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What caused it, for staff: lead-notification, lead-acknowledgement, sign-in-link, ... */
    kind: varchar("kind", { length: 40 }).notNull(),
    to: varchar("to", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Files sent with it (an invoice's PDF), base64, as they were when it was queued. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    /**
     * The one-click unsubscribe address of a list email (a status page's updates): sent as
     * List-Unsubscribe with List-Unsubscribe-Post (RFC 8058).
     */
    listUnsubscribe: varchar("list_unsubscribe", { length: 500 }),
    /** pending (to send, maybe after a failure), sent, or failed (gave up after the last try). */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** Which emails go first when there is a backlog: the lower, the sooner (set from the kind). */
    priority: smallint("priority").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    /** When the next try may start; a worker that claims a row moves it ahead as a lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The worker claims pending rows in this order; sent rows, the bulk of the table, stay out of it.
  (table) => [
    index("outbox_emails_due_idx")
      .on(table.priority, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type OutboxEmail = typeof outboxEmails.$inferSelect;

export type InboundEmail = typeof inboundEmails.$inferSelect;
