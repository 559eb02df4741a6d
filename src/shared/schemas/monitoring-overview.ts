import { z } from "./zod";
import { INTEGER_MAX, wholeNumber } from "./fields";
import { monitoredHeartbeatSchema } from "./heartbeats";

/** How far ahead the back office looks for expiring certificates and domains. */
export const EXPIRY_WINDOW_DAYS = 30;
/** How far back closed incidents are listed. */
export const RECENT_INCIDENT_DAYS = 7;

/** One live website as the monitor last saw it. */
export const monitoredSiteSchema = z.object({
  websiteId: z.uuid(),
  domain: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  /** Up, down, or unknown (not checked yet). */
  status: z.enum(["up", "down", "unknown"]),
  lastCheckedAt: z.string().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastStatusCode: z.number().int().nullable(),
  /** Uptime of the last 30 days in percent; null before the first checks. */
  uptimePercent: z.number().nullable(),
});

export const incidentSchema = z.object({
  id: z.uuid(),
  websiteId: z.uuid(),
  domain: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  /** timeout, dns, tls, http, refused, error, keyword or heartbeat (a job's beat). */
  cause: z.string(),
  /** The job whose heartbeat was missed or failed (cause "heartbeat"); null otherwise. */
  heartbeatName: z.string().nullable(),
  detail: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** How long the site was down, in seconds (closed incidents only). */
  durationSeconds: z.number().int().nullable(),
});

export const expiringSchema = z.object({
  kind: z.enum(["certificate", "domain"]),
  /** The website (certificate) or the domain. */
  id: z.uuid(),
  name: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  expiresAt: z.string(),
  /** Days left, rounded up; 0 or less once expired. */
  daysLeft: z.number().int(),
  /** Domains: whether it renews by itself. */
  autoRenew: z.boolean().nullable(),
});

/** Which page of the live sites the monitoring view shows (down first, then by domain). */
export const monitoringOverviewQuerySchema = z.object({
  page: wholeNumber("Page", 1, INTEGER_MAX).default(1),
  pageSize: wholeNumber("Page size", 1, 100).default(50),
});
export type MonitoringOverviewQuery = z.infer<typeof monitoringOverviewQuerySchema>;

/** A live site, as the real-user speed picker names it. */
export const liveSiteSchema = z.object({
  websiteId: z.uuid(),
  domain: z.string(),
  companyName: z.string(),
});
export const liveSiteListSchema = z.array(liveSiteSchema);
export type LiveSite = z.infer<typeof liveSiteSchema>;

/** The back office's monitoring view. */
export const monitoringOverviewSchema = z.object({
  generatedAt: z.string(),
  /** The live sites' states now, counted over all of them. */
  siteCounts: z.object({
    live: z.number().int(),
    up: z.number().int(),
    down: z.number().int(),
    unknown: z.number().int(),
  }),
  /** One page of the live sites: down first, then unknown, then up; by domain within each. */
  sites: z.array(monitoredSiteSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  openIncidents: z.array(incidentSchema),
  recentIncidents: z.array(incidentSchema),
  expiring: z.array(expiringSchema),
  /** Every live site's heartbeats (its jobs' beats), down first. */
  heartbeats: z.array(monitoredHeartbeatSchema),
});
export type MonitoredSite = z.infer<typeof monitoredSiteSchema>;
export type Incident = z.infer<typeof incidentSchema>;
export type Expiring = z.infer<typeof expiringSchema>;
export type MonitoringOverview = z.infer<typeof monitoringOverviewSchema>;
