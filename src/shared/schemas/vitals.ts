import { z } from "./zod";
import { siteHealthQuerySchema } from "./site-health";
import { vitalDevices, vitalMetrics, vitalRatings } from "../vitals";

/*
 * Real-user speed (Core Web Vitals): the metrics, Google's thresholds, and what
 * GET /api/websites/:id/vitals answers. docs/analytics.md says how they are measured and kept.
 */

/**
 * GET /api/websites/:id/vitals?range=: the window of the figures, the site page's own ranges (7d,
 * 30d, 90d or a month); the trend is always the 90 days to its end.
 */
export const vitalsQuerySchema = siteHealthQuerySchema;

const p75 = z.number().nullable();

export const vitalFigureSchema = z.object({
  metric: z.enum(vitalMetrics),
  /** The 75th percentile over the range, from the daily histograms; null without visits. */
  p75,
  rating: z.enum(vitalRatings).nullable(),
  /** Visits that reported the metric. */
  visits: z.number().int(),
  /** Of those, the share whose value was good, in percent (whole); null without visits. */
  goodPercent: z.number().int().nullable(),
});
export type VitalFigure = z.infer<typeof vitalFigureSchema>;

export const slowPageSchema = z.object({
  path: z.string(),
  p75: z.number(),
  rating: z.enum(vitalRatings),
  visits: z.number().int(),
});
export type SlowPage = z.infer<typeof slowPageSchema>;

/** One UTC day of the trend: each metric's p75 that day, null without visits. */
export const vitalDaySchema = z.object({
  day: z.string(),
  lcp: p75,
  inp: p75,
  cls: p75,
  fcp: p75,
  ttfb: p75,
});
export type VitalDay = z.infer<typeof vitalDaySchema>;

export const deviceVitalsSchema = z.object({
  device: z.enum(vitalDevices),
  figures: z.array(vitalFigureSchema),
  /** The five pages with the highest p75, by LCP and by INP, slowest first. */
  slowestByLcp: z.array(slowPageSchema),
  slowestByInp: z.array(slowPageSchema),
  /** The last 90 UTC days, oldest first. */
  trend: z.array(vitalDaySchema),
});
export type DeviceVitals = z.infer<typeof deviceVitalsSchema>;

export const siteVitalsSchema = z.object({
  websiteId: z.uuid(),
  domain: z.string(),
  /** Whether staff turned real-user speed on (the tag measures only then). */
  enabled: z.boolean(),
  /** 7d, 30d, 90d (ending today) or a month, YYYY-MM. */
  range: z.string(),
  /** First and last UTC day of the range. */
  from: z.string(),
  to: z.string(),
  devices: z.array(deviceVitalsSchema),
});
export type SiteVitals = z.infer<typeof siteVitalsSchema>;

/** PUT /api/admin/websites/:id/vitals: staff turn real-user speed on or off. */
export const vitalsSettingSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
});
