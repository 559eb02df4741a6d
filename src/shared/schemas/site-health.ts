import { z } from "./zod";
import { websiteSchema } from "./websites";

/** One UTC day of a site's last 30: its visitors and page views, and its checks (day roll-up). */
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
});
export type SiteIncident = z.infer<typeof siteIncidentSchema>;

/** GET /api/websites/:id/health: a website's last 30 days, measured, for its page in the portal. */
export const siteHealthSchema = z.object({
  website: websiteSchema,
  /** The first and last UTC day of the 30-day window (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Oldest first, 30 entries. */
  days: z.array(siteHealthDaySchema),
  /** Unique visitors (website.monthlyVisitors) and page views of the 30 days. */
  pageViews: z.number().int(),
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
  uptime: z.object({
    /** The 30 days' uptime (website.uptimePercent): null when not live or not checked. */
    percent: z.number().nullable(),
    /** Up, down or unknown now; null when the site is not live. */
    status: z.enum(["up", "down", "unknown"]).nullable(),
    lastCheckedAt: z.string().nullable(),
    lastResponseMs: z.number().int().nullable(),
    /** Incidents that touched the last 30 days, newest first. */
    incidents: z.array(siteIncidentSchema),
  }),
  /** The https certificate's expiry as the monitor last saw it. */
  certificateExpiresAt: z.string().nullable(),
  /** The expiry of the client's domain of the same name, when the agency manages it. */
  domain: z.object({ expiresAt: z.string().nullable(), autoRenew: z.boolean() }).nullable(),
  bandwidth: z.object({
    /** The last 12 calendar months (UTC), oldest first; YYYY-MM. */
    months: z.array(z.object({ month: z.string(), bytes: z.number().int() })),
    thisMonthBytes: z.number().int(),
  }),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
