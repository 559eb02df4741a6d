import {
  bigint,
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { websites } from "./websites";

/** Cookieless page-view analytics of clients' sites. */

/** Today's secret for visitor hashes; yesterday's is deleted, so hashes cannot be linked across days. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: char("salt", { length: 64 }).notNull(),
});

/** A page view from a client's site, with no personal data: the visitor is a daily hash. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The UTC day the visitor hash belongs to. */
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: char("visitor_hash", { length: 32 }).notNull(),
    path: varchar("path", { length: 500 }).notNull(),
    /** The referring site's host name, when another site sent the visitor. */
    referrerHost: varchar("referrer_host", { length: 253 }),
    device: varchar("device", { length: 10 }).$type<"mobile" | "tablet" | "desktop">().notNull(),
    /** The landing address's utm_source, utm_medium and utm_campaign (analytics/campaigns.ts). */
    utmSource: varchar("utm_source", { length: 100 }),
    utmMedium: varchar("utm_medium", { length: 100 }),
    utmCampaign: varchar("utm_campaign", { length: 100 }),
    /** ISO 3166 country code looked up from the IP address, which is not kept; null: unknown. */
    country: char("country", { length: 2 }),
  },
  // With the visitor: a goal finds its visitor's landing view of the day (websites/audience.ts).
  (table) => [
    index("page_views_website_day_visitor_idx").on(table.websiteId, table.day, table.visitorHash),
  ],
);

/**
 * A site's page views and unique visitors on one finished UTC day, counted once from page_views
 * (analytics/rollup.ts), so the 30-day figures every dashboard read shows sum 30 rows instead of
 * counting thousands of views. Days not rolled up yet are counted from page_views.
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [primaryKey({ columns: [table.websiteId, table.day] })],
);
