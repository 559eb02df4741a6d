import {
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies } from "./clients";
import { createdAt, updatedAt } from "./columns";
import { websites } from "./websites";

/** Support tickets: their threads, staff's saved replies and the files on messages. */

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The member who opened it. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: varchar("subject", { length: 200 }).notNull(),
    status: varchar("status", { length: 40 }).notNull(),
    priority: varchar("priority", { length: 40 }).notNull(),
    /** The client's website the ticket is about, if any. */
    websiteId: uuid("website_id").references(() => websites.id, { onDelete: "set null" }),
    /** The staff member the ticket is assigned to, if any. */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** Secret part of the ticket's reply address, support+<token>@...: unguessable, never reused. */
    replyToken: varchar("reply_token", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When staff should have answered first, from the company's plan when the ticket opened. */
    firstResponseDueAt: timestamp("first_response_due_at", { withTimezone: true }),
    /** When staff first replied; null until then. */
    firstRespondedAt: timestamp("first_responded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("support_tickets_company_id_idx").on(table.companyId),
    index("support_tickets_user_id_idx").on(table.userId),
    index("support_tickets_assignee_id_idx").on(table.assigneeId),
    // The staff queue, most recently active first, then each status filter in the same order:
    // a page reads its 25 rows from the index instead of sorting a year of tickets.
    index("support_tickets_updated_at_idx").on(table.updatedAt.desc().nullsFirst(), table.id),
    index("support_tickets_status_updated_at_idx").on(
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.id,
    ),
  ],
);

/** The thread of a support ticket: the client's opening message and every reply after it. */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: text("body").notNull(),
    /** How it arrived: typed in the portal ("web") or sent as an email reply ("email"). */
    source: varchar("source", { length: 10 }).notNull().default("web"),
    /** Emailed from an address whose domain did not vouch for it (no DMARC alignment). */
    senderUnverified: boolean("sender_unverified").notNull().default(false),
    /** A staff note for staff only: never shown, emailed or told to the client. */
    internal: boolean("internal").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("ticket_messages_ticket_id_idx").on(table.ticketId)],
);

/** Answers staff write often, shared by all of staff, to insert into a ticket reply. */
export const savedReplies = pgTable("saved_replies", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: varchar("title", { length: 100 }).notNull(),
  body: text("body").notNull(),
  /** Who wrote it last; null once their account is gone. */
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Raw bytes: Buffer on node-postgres, Uint8Array on PGlite, Buffer to the app either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * A file on a ticket message. Uploaded first (message_id null, owned by its uploader), then
 * attached when the message is sent; unattached uploads are deleted after a day. The bytes live
 * in the row (content) or, when S3 is configured, in the bucket under storage_key.
 */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").references(() => ticketMessages.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    /** Detected from the content, not from the name. */
    contentType: varchar("content_type", { length: 100 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    storage: varchar("storage", { length: 10 }).notNull(),
    storageKey: varchar("storage_key", { length: 300 }),
    content: bytea("content"),
    /** A small JPEG/PNG/WebP preview for images, kept in the row whatever the storage. */
    thumbnail: bytea("thumbnail"),
    createdAt: createdAt(),
  },
  (table) => [
    index("ticket_attachments_message_id_idx").on(table.messageId),
    index("ticket_attachments_pending_idx")
      .on(table.uploadedBy, table.createdAt)
      .where(sql`${table.messageId} is null`),
    check("ticket_attachments_storage_check", sql`${table.storage} in ('database', 's3')`),
    check(
      "ticket_attachments_size_check",
      sql`${table.sizeBytes} between 0 and ${sql.raw(String(MAX_ATTACHMENT_BYTES))}`,
    ),
  ],
);

export type SupportTicket = typeof supportTickets.$inferSelect;

export type TicketMessage = typeof ticketMessages.$inferSelect;

export type SavedReply = typeof savedReplies.$inferSelect;

export type TicketAttachment = typeof ticketAttachments.$inferSelect;
