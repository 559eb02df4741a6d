import {
  bigint,
  boolean,
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

/*
 * Where a site's visitors came from, where they were, and the goals they reached, per finished
 * UTC day: counted once from page_views and goal_events (with the day's page_view_days row, in
 * the same statement: analytics/rollup.ts), so the site page reads a window from these and the
 * figures outlive the raw rows (kept 13 months). No visitor hash: only counts. Days not rolled up
 * yet are counted from the raw rows (websites/audience.ts).
 */

/**
 * A day's visitors by how they landed: the source (utm_source, else the referring site; null:
 * direct) and the campaign of their first page view that day.
 */
export const sourceDays = pgTable(
  "source_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    source: varchar("source", { length: 253 }),
    utmSource: varchar("utm_source", { length: 100 }),
    utmMedium: varchar("utm_medium", { length: 100 }),
    utmCampaign: varchar("utm_campaign", { length: 100 }),
    visitors: integer("visitors").notNull(),
  },
  (table) => [index("source_days_website_day_idx").on(table.websiteId, table.day)],
);

/** A day's visitors by the country of their first page view that day (null: not known). */
export const countryDays = pgTable(
  "country_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    country: char("country", { length: 2 }),
    visitors: integer("visitors").notNull(),
  },
  (table) => [index("country_days_website_day_idx").on(table.websiteId, table.day)],
);

/**
 * A day's goals: for each goal and the source and campaign its visitors landed with, how many
 * visitors reached it and how many times. `landed` false: visitors with no page view that day
 * (counted in the goal's figures, not under any source).
 */
export const goalDays = pgTable(
  "goal_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    landed: boolean("landed").notNull(),
    source: varchar("source", { length: 253 }),
    utmSource: varchar("utm_source", { length: 100 }),
    utmMedium: varchar("utm_medium", { length: 100 }),
    utmCampaign: varchar("utm_campaign", { length: 100 }),
    visitors: integer("visitors").notNull(),
    completions: integer("completions").notNull(),
  },
  (table) => [index("goal_days_website_day_idx").on(table.websiteId, table.day)],
);

/*
 * A site's pages, referring sites and devices per finished UTC day, rolled up with its
 * page_view_days row in the same statement (analytics/rollup.ts), so the site page's top pages,
 * referring sites and devices outlive the raw rows too. No visitor hash: only counts.
 */

/** A day's page views by page path. */
export const pageDays = pgTable(
  "page_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    path: varchar("path", { length: 500 }).notNull(),
    views: integer("views").notNull(),
  },
  (table) => [index("page_days_website_day_idx").on(table.websiteId, table.day)],
);

/**
 * A day's page views by referring site (null: none, or the site itself), and the visitors who
 * had at least one of them.
 */
export const referrerDays = pgTable(
  "referrer_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    referrerHost: varchar("referrer_host", { length: 253 }),
    visitors: integer("visitors").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [index("referrer_days_website_day_idx").on(table.websiteId, table.day)],
);

/** A day's visitors by device class (a visitor seen on two counts in both, as from the raw rows). */
export const deviceDays = pgTable(
  "device_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    device: varchar("device", { length: 10 }).$type<"mobile" | "tablet" | "desktop">().notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [index("device_days_website_day_idx").on(table.websiteId, table.day)],
);
