import { check, index, pgTable, primaryKey, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies } from "./clients";
import { createdAt } from "./columns";
import { websites } from "./websites";

/**
 * Maintenance windows: a time staff announce work on some of a client's sites. Checks inside a
 * window are recorded but open no incident, and uptime leaves the window's time out.
 */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** What the client is told: what is done and what they may notice. */
    note: varchar("note", { length: 1000 }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Cancelled windows stay for the record but suppress nothing. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the 48-hours-ahead notice was claimed (once across instances). */
    aheadNoticeAt: timestamp("ahead_notice_at", { withTimezone: true }),
    /** When the notice that the window started was claimed. */
    startNoticeAt: timestamp("start_notice_at", { withTimezone: true }),
  },
  (table) => [
    index("maintenance_windows_company_idx").on(table.companyId, table.startsAt),
    index("maintenance_windows_ends_at_idx").on(table.endsAt),
    check("maintenance_windows_order_check", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The sites a window covers. */
export const maintenanceWindowSites = pgTable(
  "maintenance_window_sites",
  {
    windowId: uuid("window_id")
      .notNull()
      .references(() => maintenanceWindows.id, { onDelete: "cascade" }),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.windowId, table.websiteId] }),
    index("maintenance_window_sites_website_idx").on(table.websiteId),
  ],
);

export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect;
