import { isSiteRange } from "../site-range";
import { z } from "./zod";
import { maintenanceWindowSchema } from "./maintenance";
import { websiteSchema } from "./websites";
import { heartbeatSchema } from "./heartbeats";
import { incidentUpdateSchema } from "./status-pages";
import { siteAudienceFields } from "./site-audience";

const rangeMessage = "Range must be 7d, 30d, 90d or a month as YYYY-MM";

/** GET /api/websites/:id/health?range=: 7d, 30d (the default), 90d, or a calendar month YYYY-MM. */
export const siteHealthQuerySchema = z.object({
  range: z
    .string({ error: rangeMessage })
    // A pattern, not free text: a word from a short list, or a month.
    .regex(/^(7d|30d|90d|\d{4}-\d{2})$/, rangeMessage)
    .refine(isSiteRange, rangeMessage)
    .default("30d"),
});
export type SiteHealthQuery = z.infer<typeof siteHealthQuerySchema>;

/** One UTC day of a site's range: its visitors and page views, and its checks (day roll-up). */
export const siteHealthDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** Unique visitors that day. */
  visitors: z.number().int(),
  pageViews: z.number().int(),
  /** Uptime that day in percent (two decimals), or null when the site was not checked. */
  uptimePercent: z.number().nullable(),
  /** Average response time of that day's successful checks, or null. */
  responseMs: z.number().int().nullable(),
  /** Checks made inside a maintenance window that day: not in its uptime; charts mark the day. */
  maintenanceChecks: z.number().int(),
});
export type SiteHealthDay = z.infer<typeof siteHealthDaySchema>;

export const siteIncidentSchema = z.object({
  cause: z.string(),
  /** What the monitor saw, for people: "HTTP 503", "connection refused", ... */
  detail: z.string().nullable(),
  startedAt: z.string(),
  /** Null while the site is still down. */
  endedAt: z.string().nullable(),
  /** Seconds down, up to now for an ongoing incident. */
  durationSeconds: z.number().int(),
  /** A manual incident's title, as staff wrote it. */
  title: z.string().nullable(),
  /** Staff's updates on it, oldest first (also on the status page). */
  updates: z.array(incidentUpdateSchema),
});
export type SiteIncident = z.infer<typeof siteIncidentSchema>;

/** GET /api/websites/:id/health: a website's range of days, measured, for its page in the portal. */
export const siteHealthSchema = z.object({
  website: websiteSchema,
  /** The range asked for: 7d, 30d, 90d or YYYY-MM. */
  range: z.string(),
  /** The first and last UTC day of the range (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** How often the monitor checks a live site (MONITOR_INTERVAL). */
  checkIntervalSeconds: z.number().int(),
  /** Oldest first, one entry per day of the range. */
  days: z.array(siteHealthDaySchema),
  /** Unique visitors and page views of the range. */
  visitors: z.number().int(),
  pageViews: z.number().int(),
  /**
   * Average response time of the successful checks, per hour for a range of a week or less
   * (hourly roll-ups), per day otherwise; oldest first, null where none answered.
   */
  responseTimes: z.object({
    granularity: z.enum(["hour", "day"]),
    points: z.array(
      z.object({
        at: z.string(),
        responseMs: z.number().int().nullable(),
        /** The period had checks inside a maintenance window (drawn as maintenance). */
        maintenance: z.boolean(),
      }),
    ),
  }),
  /** The 10 most viewed pages. */
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
  /** The 10 referrers that sent the most visitors; host null: direct visits or no referrer. */
  topReferrers: z.array(
    z.object({ host: z.string().nullable(), visitors: z.number().int(), views: z.number().int() }),
  ),
  /** Unique visitors by device. */
  devices: z.object({
    mobile: z.number().int(),
    tablet: z.number().int(),
    desktop: z.number().int(),
  }),
  /** Sources, campaigns, goals and countries (site-audience.ts). */
  ...siteAudienceFields,
  uptime: z.object({
    /** The range's uptime: null when not live or not checked. */
    percent: z.number().nullable(),
    /** Up, down or unknown now; null when the site is not live. */
    status: z.enum(["up", "down", "unknown"]).nullable(),
    lastCheckedAt: z.string().nullable(),
    /** The last check's response time; null when it failed (it did not answer) or none ran. */
    lastResponseMs: z.number().int().nullable(),
    /** Why the last check failed (timeout, dns, tls, http, refused, error); null when it passed. */
    lastCause: z.string().nullable(),
    /** Incidents that touched the range, newest first. */
    incidents: z.array(siteIncidentSchema),
  }),
  /** The site's jobs that report a heartbeat (a nightly backup), oldest first. */
  heartbeats: z.array(heartbeatSchema),
  /** The https certificate's expiry as the monitor last saw it. */
  certificateExpiresAt: z.string().nullable(),
  /** The expiry of the client's domain of the same name, when the agency manages it. */
  domain: z.object({ expiresAt: z.string().nullable(), autoRenew: z.boolean() }).nullable(),
  bandwidth: z.object({
    /** The last 12 calendar months (UTC), oldest first; YYYY-MM. */
    months: z.array(z.object({ month: z.string(), bytes: z.number().int() })),
    thisMonthBytes: z.number().int(),
  }),
  /** Maintenance windows of the site that touch the range or are still to come, soonest first. */
  maintenanceWindows: z.array(maintenanceWindowSchema),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
