import { z } from "./zod";

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
  /** timeout, dns, tls, http, refused or error. */
  cause: z.string(),
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

/** The back office's monitoring view. */
export const monitoringOverviewSchema = z.object({
  generatedAt: z.string(),
  sites: z.array(monitoredSiteSchema),
  openIncidents: z.array(incidentSchema),
  recentIncidents: z.array(incidentSchema),
  expiring: z.array(expiringSchema),
});
export type MonitoredSite = z.infer<typeof monitoredSiteSchema>;
export type Incident = z.infer<typeof incidentSchema>;
export type Expiring = z.infer<typeof expiringSchema>;
export type MonitoringOverview = z.infer<typeof monitoringOverviewSchema>;

/** The cause of a failed check, in words. */
export const causeLabels: Record<string, string> = {
  timeout: "Timed out",
  dns: "DNS failure",
  tls: "Certificate (TLS) error",
  http: "HTTP error",
  refused: "Connection refused",
  error: "Request failed",
  keyword: "Keyword check failed",
  manual: "Opened by staff",
};
