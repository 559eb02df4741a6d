import { z } from "./zod";
import { siteIncidentSchema } from "./site-health";
import { planHoursSchema, timeEntrySchema } from "./hours";

/*
 * The monthly care report: one field per section, so a new section (Core Web Vitals, goals) is
 * one more entry here and one more reader in server/reports/monthly.ts. Every figure is read with
 * the portal's own reading functions for the same window.
 */

/** A figure this month beside the month before. */
const compared = z.object({ value: z.number().int(), before: z.number().int() });

export const reportSiteSchema = z.object({
  websiteId: z.uuid(),
  domain: z.string(),
  /** The month's uptime in percent (maintenance left out); null: not live or not checked. */
  uptimePercent: z.number().nullable(),
  /** The site's own outages that touched the month, newest first. */
  incidents: z.array(siteIncidentSchema.omit({ updates: true })),
  /** Percentiles of the portal's response-time points for the month (ms); null: none answered. */
  responseMs: z.object({ p50: z.number().int().nullable(), p95: z.number().int().nullable() }),
  /** Checks inside maintenance windows: left out of the uptime. */
  maintenanceChecks: z.number().int(),
  /** Heartbeats (the site's jobs) that were missed in the month. */
  heartbeatsMissed: z.number().int(),
  visitors: compared,
  pageViews: compared,
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
  topSources: z.array(
    z.object({ host: z.string().nullable(), visitors: z.number().int(), views: z.number().int() }),
  ),
});
export type ReportSite = z.infer<typeof reportSiteSchema>;

export const reportExpirySchema = z.object({
  kind: z.enum(["certificate", "domain"]),
  name: z.string(),
  expiresAt: z.string(),
  autoRenew: z.boolean().nullable(),
});

export const monthlyReportSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  /** "2026-10": a month of the agency's calendar that has ended. */
  month: z.string(),
  /** The month before, for the comparisons. */
  monthBefore: z.string(),
  generatedAt: z.string(),
  sites: z.array(reportSiteSchema),
  /** Certificates and domains that expire within 60 days of the month's end, soonest first. */
  expiring: z.array(reportExpirySchema),
  tickets: z.object({
    opened: z.number().int(),
    resolved: z.number().int(),
    /** Tickets opened in the month the team answered, and of those, by the target. */
    answered: z.number().int(),
    answeredOnTime: z.number().int(),
    /** Median minutes to the first reply of the month's tickets; null: none answered. */
    medianFirstResponseMinutes: z.number().int().nullable(),
    targetHours: z.number().nullable(),
  }),
  hours: z.object({
    usedMinutes: z.number().int(),
    plan: planHoursSchema.nullable(),
    entries: z.array(timeEntrySchema.pick({ workDate: true, minutes: true, note: true })),
  }),
  work: z.object({
    milestonesReached: z.array(z.object({ project: z.string(), name: z.string() })),
    updatesPosted: z.array(
      z.object({ project: z.string(), body: z.string(), createdAt: z.string() }),
    ),
  }),
  invoices: z.object({
    issued: z.array(
      z.object({ number: z.string().nullable(), totalCents: z.number().int(), status: z.string() }),
    ),
    issuedCents: z.number().int(),
    paidCents: z.number().int(),
    /** Open invoices now and what they still owe. */
    openCount: z.number().int(),
    openCents: z.number().int(),
  }),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;
