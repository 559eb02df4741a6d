import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { websites } from "./websites";
import { heartbeats } from "./heartbeats";

/** The uptime monitor: each site's state, its checks, their roll-ups, incidents and expiry warnings. */

/** keyword: the page answered 2xx but failed its keyword check (see websites.check_keyword). */
export const checkFailureCauses = [
  "timeout",
  "dns",
  "tls",
  "http",
  "refused",
  "error",
  "keyword",
] as const;
export type CheckFailureCause = (typeof checkFailureCauses)[number];
/**
 * What an incident was: a check failure the monitor saw; "heartbeat", a job's beat missed or
 * failed; or "manual", an outage staff opened by hand (one the monitor cannot see), with a title
 * they wrote. The monitor never opens, alerts of or closes a manual incident; staff close it
 * with a "resolved" update.
 */
export const incidentCauses = [...checkFailureCauses, "heartbeat", "manual"] as const;
export type IncidentCause = (typeof incidentCauses)[number];

/**
 * The monitor's state of each live website. The row is also the lease that makes each check
 * happen once across instances: an instance claims a site by moving next_check_at forward in
 * the statement that selects it (FOR UPDATE SKIP LOCKED).
 */
export const siteMonitors = pgTable(
  "site_monitors",
  {
    websiteId: uuid("website_id")
      .primaryKey()
      .references(() => websites.id, { onDelete: "cascade" }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    /** "up", "down" (two failures in a row) or "unknown" (not checked yet). */
    status: varchar("status", { length: 10 }).notNull().default("unknown"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastResponseMs: integer("last_response_ms"),
    lastCause: varchar("last_cause", { length: 10 }).$type<CheckFailureCause>(),
    /** The https certificate's expiry, as last seen. */
    certExpiresAt: timestamp("cert_expires_at", { withTimezone: true }),
  },
  (table) => [
    index("site_monitors_next_check_at_idx").on(table.nextCheckAt),
    check("site_monitors_status_check", sql`${table.status} in ('up', 'down', 'unknown')`),
  ],
);

/** Every check, kept 7 days (the roll-ups keep the rest). */
export const monitorChecks = pgTable(
  "monitor_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    statusCode: integer("status_code"),
    responseMs: integer("response_ms"),
    cause: varchar("cause", { length: 10 }).$type<CheckFailureCause>(),
    certExpiresAt: timestamp("cert_expires_at", { withTimezone: true }),
    /** Made inside a maintenance window: kept, but no incident and not in uptime. */
    inMaintenance: boolean("in_maintenance").notNull().default(false),
  },
  (table) => [index("monitor_checks_website_checked_idx").on(table.websiteId, table.checkedAt)],
);

/**
 * Checks counted per hour (kept 90 days) and per day (kept for good): uptime over any window is
 * up / checks summed over it. Checks inside a maintenance window are counted apart, in
 * `maintenance` only, so checks, up and the response times are of the time that counts.
 */
export const monitorRollups = pgTable(
  "monitor_rollups",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    granularity: varchar("granularity", { length: 5 }).$type<"hour" | "day">().notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    checks: integer("checks").notNull().default(0),
    up: integer("up").notNull().default(0),
    /** Sum of the response times of the successful checks, for the average. */
    responseMsSum: bigint("response_ms_sum", { mode: "number" }).notNull().default(0),
    /** Checks made inside a maintenance window: not in checks nor up; charts show the time. */
    maintenance: integer("maintenance").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.websiteId, table.granularity, table.periodStart] }),
    check("monitor_rollups_granularity_check", sql`${table.granularity} in ('hour', 'day')`),
  ],
);

/** A time a site was down: opened on the second failure in a row, closed on recovery. */
export const monitorIncidents = pgTable(
  "monitor_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    cause: varchar("cause", { length: 10 }).$type<IncidentCause>().notNull(),
    /** The heartbeat whose beat was missed or failed; null for the site's own checks. */
    heartbeatId: uuid("heartbeat_id").references(() => heartbeats.id, { onDelete: "cascade" }),
    /** What was seen, for people: "HTTP 503", "connection refused", ... */
    detail: varchar("detail", { length: 300 }),
    /** A manual incident's title, as staff wrote it (null for the monitor's own). */
    title: varchar("title", { length: 200 }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * When its down email was queued; null while held back (the site's last recovery email is
     * under 30 minutes old). Only an incident alerted of sends a recovery email.
     */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
  },
  (table) => [
    index("monitor_incidents_website_started_idx").on(table.websiteId, table.startedAt),
    // One open incident per site (and one per heartbeat): the insert that opens it is what
    // sends the alert, once. A down site and a missed backup can be open together. Manual
    // incidents stand apart: the monitor opens its own beside one.
    uniqueIndex("monitor_incidents_one_open_idx")
      .on(table.websiteId)
      .where(
        sql`${table.endedAt} is null and ${table.heartbeatId} is null and ${table.cause} <> 'manual'`,
      ),
    uniqueIndex("monitor_incidents_one_open_heartbeat_idx")
      .on(table.heartbeatId)
      .where(sql`${table.endedAt} is null and ${table.heartbeatId} is not null`),
  ],
);

/**
 * Expiry warnings sent: 30, 14 and 7 days before a certificate or a domain expires, once each
 * (the primary key), for that expiry date (a renewal earns new warnings).
 */
export const expiryAlerts = pgTable(
  "expiry_alerts",
  {
    kind: varchar("kind", { length: 12 }).$type<"certificate" | "domain">().notNull(),
    /** The website (certificate) or the domain. */
    subjectId: uuid("subject_id").notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    daysBefore: smallint("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [table.kind, table.subjectId, table.expiresOn, table.daysBefore],
    }),
  ],
);

export const incidentUpdateStatuses = [
  "investigating",
  "identified",
  "monitoring",
  "resolved",
] as const;
export type IncidentUpdateStatus = (typeof incidentUpdateStatuses)[number];

/**
 * What staff wrote about an incident, newest last: shown on the client's status page and in the
 * portal, mailed to the page's subscribers and told to the client's users.
 */
export const incidentUpdates = pgTable(
  "incident_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => monitorIncidents.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20 }).$type<IncidentUpdateStatus>().notNull(),
    message: varchar("message", { length: 2000 }).notNull(),
    /** The staff member who wrote it (kept as null when their account goes). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("incident_updates_incident_idx").on(table.incidentId, table.createdAt),
    check(
      "incident_updates_status_check",
      sql`${table.status} in ('investigating', 'identified', 'monitoring', 'resolved')`,
    ),
  ],
);
