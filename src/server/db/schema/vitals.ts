import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { VitalMetric, VitalRating } from "@shared/vitals";
import { websites } from "./websites";

/** Real-user speed (Core Web Vitals) of clients' sites: docs/analytics.md, decision 022. */

/**
 * One page view's vitals as /js/hl-vitals.js sent them when the page was hidden: kept at most 7
 * days (the roll-up deletes older rows), no visitor of any kind. A metric the browser did not
 * report (INP without an interaction) is null.
 */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    path: varchar("path", { length: 500 }).notNull(),
    device: varchar("device", { length: 10 }).$type<"mobile" | "tablet" | "desktop">().notNull(),
    /** Milliseconds, except cls (unitless). */
    lcp: doublePrecision("lcp"),
    inp: doublePrecision("inp"),
    cls: doublePrecision("cls"),
    fcp: doublePrecision("fcp"),
    ttfb: doublePrecision("ttfb"),
  },
  (table) => [index("web_vitals_website_day_idx").on(table.websiteId, table.day)],
);

/**
 * One finished UTC day of one metric, per site, page path and device class: how many visits
 * reported it, how many were good, and their histogram over fixed log-spaced buckets
 * (src/shared/vitals-buckets.ts) stored from its first non-empty bucket: counts[i] is bucket
 * first_bucket + i. Storage grows with days and pages, not with visits.
 */
export const webVitalDays = pgTable(
  "web_vital_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    path: varchar("path", { length: 500 }).notNull(),
    device: varchar("device", { length: 10 }).$type<"mobile" | "tablet" | "desktop">().notNull(),
    metric: varchar("metric", { length: 4 }).$type<VitalMetric>().notNull(),
    visits: integer("visits").notNull(),
    good: integer("good").notNull(),
    firstBucket: smallint("first_bucket").notNull(),
    counts: integer("counts").array().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.websiteId, table.day, table.path, table.device, table.metric],
    }),
  ],
);

/**
 * The last rating of a site's 7-day p75 LCP and INP (per metric, all devices together), so a
 * change from good to poor notifies staff once, not every day it stays poor. "Needs improvement"
 * leaves the last good or poor rating in place, so a slide through it is told when it lands.
 */
export const webVitalRatings = pgTable(
  "web_vital_ratings",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    metric: varchar("metric", { length: 4 }).$type<VitalMetric>().notNull(),
    rating: varchar("rating", { length: 20 }).$type<VitalRating>().notNull(),
    /** The day the rating was computed through (the last finished day). */
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.websiteId, table.metric] })],
);
