import { sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { DayHours } from "@shared/schemas/bookings";
import { users } from "./auth";
import { leads } from "./clients";
import { createdAt, updatedAt } from "./columns";

/**
 * Discovery Calls: each staff member's weekly hours, the calls visitors book, and the
 * single-purpose links (reschedule, cancel) their emails carry.
 */

/** A staff member's weekly hours (agency time zone); no row: the default hours. */
export const staffAvailability = pgTable(
  "staff_availability",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    days: jsonb("days").$type<DayHours[]>().notNull(),
    bufferMinutes: integer("buffer_minutes").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("staff_availability_buffer_check", sql`${table.bufferMinutes} between 0 and 120`),
  ],
);

/**
 * A booked call. Two confirmed calls of one staff member never overlap, buffer included: an
 * exclusion constraint on (staff_id, tstzrange(starts_at, held_until)), written into the
 * migration by hand (drizzle does not model it; decision 025).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The end plus the staff member's buffer: the span no other call of theirs may overlap. */
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    note: text("note"),
    /** The visitor's time zone: their emails show the call's time in it. */
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    /** "confirmed" or "cancelled". */
    status: varchar("status", { length: 20 }).notNull().default("confirmed"),
    /** The invitation's SEQUENCE: one more at each change of the call. */
    sequence: integer("sequence").notNull().default(0),
    /** When the reminder went (claimed once across instances). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("bookings_status_check", sql`${table.status} in ('confirmed', 'cancelled')`),
    check("bookings_span_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("bookings_held_check", sql`${table.heldUntil} >= ${table.endsAt}`),
    check("bookings_note_check", sql`char_length(${table.note}) <= 1000`),
    index("bookings_starts_at_idx").on(table.startsAt),
    index("bookings_lead_id_idx").on(table.leadId),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking's reschedule and cancel links: the token is shown once, in the email, and kept only
 * as its SHA-256; a link works once, and not after the call has started.
 */
export const bookingTokens = pgTable(
  "booking_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 20 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("booking_tokens_purpose_check", sql`${table.purpose} in ('reschedule', 'cancel')`),
    index("booking_tokens_booking_id_idx").on(table.bookingId),
  ],
);

/**
 * A staff member's own calendar, read as busy time: the private ICS address they pasted, when
 * it is next due (the lease row the feed worker claims, FOR UPDATE SKIP LOCKED) and how the
 * last read went.
 */
export const staffCalendarFeeds = pgTable(
  "staff_calendar_feeds",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2000 }).notNull(),
    nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the last read ended, whether it worked or not; null until the first. */
    fetchedAt: timestamp("fetched_at", { withTimezone: true }),
    /** Why the last read failed, in words; null when it worked. */
    error: varchar("error", { length: 300 }),
    /** The busy intervals the last good read found. */
    busyCount: integer("busy_count").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_calendar_feeds_next_fetch_at_idx").on(table.nextFetchAt)],
);

/** The busy intervals of a staff member's calendar, replaced in one transaction per read. */
export const staffBusyTimes = pgTable(
  "staff_busy_times",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("staff_busy_times_span_check", sql`${table.endsAt} > ${table.startsAt}`),
    index("staff_busy_times_user_id_idx").on(table.userId, table.startsAt),
  ],
);

/**
 * The private feed of a staff member's own calls, for their calendar app: the token is shown
 * once and kept only as its SHA-256; issuing a new one replaces the row, so the old address
 * answers 404.
 */
export const staffBookingFeeds = pgTable("staff_booking_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});
