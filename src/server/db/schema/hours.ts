import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { invoices } from "./billing";
import { companies } from "./clients";
import { createdAt, updatedAt } from "./columns";
import { projects } from "./projects";
import { supportTickets } from "./tickets";
import { websites } from "./websites";

/** Hours: the time staff log against a client, and each staff member's running timer. */

/**
 * Time a staff member spent for a client, on a day of the agency's time zone, optionally on one
 * of the client's sites, tickets or projects. Its author edits it for 7 days (server/hours).
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The staff member who did the work; null once their account is gone. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    websiteId: uuid("website_id").references(() => websites.id, { onDelete: "set null" }),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The day the work was done, in the agency's time zone. */
    workDate: date("work_date", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    note: text("note").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("time_entries_company_date_idx").on(table.companyId, table.workDate),
    index("time_entries_ticket_id_idx").on(table.ticketId),
    index("time_entries_project_id_idx").on(table.projectId),
    index("time_entries_user_id_idx").on(table.userId),
    check("time_entries_minutes_check", sql`${table.minutes} between 1 and 1440`),
  ],
);

/**
 * A staff member's running timer: at most one each (the primary key), kept on the server so it
 * survives a reload and another device. Stopping it makes a time entry.
 */
export const timeTimers = pgTable("time_timers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  websiteId: uuid("website_id").references(() => websites.id, { onDelete: "set null" }),
  ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
  projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
  note: text("note").notNull().default(""),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
});

/**
 * A client's month closed by the month-end job: once per client and month across instances (the
 * key, inserted in the transaction that drafts the invoice), so a draft staff delete is not made
 * again. The hours beyond those included, and the draft that bills them, if any.
 */
export const hoursMonthEnds = pgTable(
  "hours_month_ends",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "2026-11". */
    month: char("month", { length: 7 }).notNull(),
    usedMinutes: integer("used_minutes").notNull(),
    includedMinutes: integer("included_minutes").notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type TimeTimerRow = typeof timeTimers.$inferSelect;
