import { z } from "./zod";
import { optionalText } from "./fields";
import { siteIncidentSchema } from "./site-health";
import { planHoursSchema, timeEntrySchema } from "./hours";
import { vitalDevices, vitalMetrics } from "../vitals";

/*
 * The monthly care report: one field per section, so a new section (Core Web Vitals, goals) is
 * one more entry here and one more reader in server/reports/monthly.ts. Every figure is read with
 * the portal's own reading functions for the same window.
 */

/** A figure this month beside the month before. */
const compared = z.object({ value: z.number().int(), before: z.number().int() });

/** A top page's or source's figure the month before; null: not among that month's top. */
const beforeFigure = z.number().int().nullable().default(null);

/** A metric's figures over a month, as the site page's speed panel shows them for that month. */
const vitalMonthSchema = z.object({
  /** The 75th percentile (ms; CLS unitless); null: no visits reported it. */
  p75: z.number().nullable(),
  /** Of the visits that reported it, the share that was good, whole percent; null: none. */
  goodPercent: z.number().int().nullable(),
  visits: z.number().int(),
});

/** Core Web Vitals of one device class: each metric this month beside the month before. */
export const reportVitalsSchema = z.object({
  device: z.enum(vitalDevices),
  metrics: z.array(
    vitalMonthSchema.extend({ metric: z.enum(vitalMetrics), before: vitalMonthSchema }),
  ),
});
export type ReportVitals = z.infer<typeof reportVitalsSchema>;

/** A goal: its visitors (conversions), completions and conversion rate, beside the month before. */
export const reportGoalSchema = z.object({
  name: z.string(),
  /** Unique visitors who reached it (a visitor counts once a day): its conversions. */
  visitors: compared,
  completions: compared,
  /** Percent of the month's visitors, one decimal, and of the month before's. */
  rate: z.number(),
  rateBefore: z.number(),
});
export type ReportGoal = z.infer<typeof reportGoalSchema>;

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
  /**
   * The month's top pages and sources as the site page lists them, each with its figure the
   * month before: null when it was not among that month's (or the report was archived without).
   */
  topPages: z.array(
    z.object({ path: z.string(), views: z.number().int(), viewsBefore: beforeFigure }),
  ),
  topSources: z.array(
    z.object({
      host: z.string().nullable(),
      visitors: z.number().int(),
      views: z.number().int(),
      visitorsBefore: beforeFigure,
    }),
  ),
  /**
   * Real-user speed per device class that reported any in either month (a report archived
   * before this section reads as none).
   */
  vitals: z.array(reportVitalsSchema).default([]),
  /** The month's goals, most visitors first, and the month before's that had none this month. */
  goals: z.array(reportGoalSchema).default([]),
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

const monthMessage = "Month must be a month that has ended, as YYYY-MM";

/** A month in a report's address: /api/reports/2026-10/pdf. */
export const reportMonthParamsSchema = z.object({
  month: z.string({ error: monthMessage }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, monthMessage),
});

/** A staff report's address: a client and a month. */
export const staffReportParamsSchema = reportMonthParamsSchema.extend({
  id: z.uuid({ error: "Client id must be a UUID" }),
});

/** An archived report as the Reports tab lists it. */
export const archivedReportSchema = z.object({
  month: z.string(),
  createdAt: z.string(),
  emailedAt: z.string().nullable(),
});
export type ArchivedReport = z.infer<typeof archivedReportSchema>;

/** GET /api/reports: the company's past reports, newest first, and whether owners get emails. */
export const portalReportsSchema = z.object({
  reports: z.array(archivedReportSchema),
  emailReports: z.boolean(),
});
export type PortalReports = z.infer<typeof portalReportsSchema>;

/** PUT /api/reports/settings: an owner turns the report's email on or off. */
export const reportSettingsSchema = z.object({
  emailReports: z.boolean({ error: "Email reports must be true or false" }),
});
export type ReportSettingsInput = z.infer<typeof reportSettingsSchema>;

/** A staff member's personal note at the top of a report (empty: none). */
export const reportNoteSchema = z.object({
  note: optionalText("Note", 2000, "Note must be at most 2,000 characters", "paragraphs"),
});
export type ReportNote = z.infer<typeof reportNoteSchema>;

/** GET /api/admin/clients/:id/reports/:month: the report, its note, and whether it was archived. */
export const staffReportSchema = z.object({
  report: monthlyReportSchema,
  note: z.string().nullable(),
  archived: z.boolean(),
  emailedAt: z.string().nullable(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** POST /api/admin/clients/:id/reports/:month/send: whether the owners were emailed, the note kept. */
export const sentReportSchema = z.object({ emailed: z.boolean(), note: z.string().nullable() });
export type SentReport = z.infer<typeof sentReportSchema>;
