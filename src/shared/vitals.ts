/*
 * Core Web Vitals' metrics, Google's thresholds and their names. Plain code, without zod: the
 * site page's panels and charts read them without the schemas.
 */

export const vitalMetrics = ["lcp", "inp", "cls", "fcp", "ttfb"] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

export const vitalRatings = ["good", "needs-improvement", "poor"] as const;
export type VitalRating = (typeof vitalRatings)[number];

/**
 * Google's thresholds (web.dev/vitals): at or under `good` is good, over `poor` is poor, between
 * needs improvement. Milliseconds, except CLS (unitless).
 */
export const vitalThresholds: Record<VitalMetric, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
};

export const vitalNames: Record<VitalMetric, { short: string; long: string }> = {
  lcp: { short: "LCP", long: "Largest Contentful Paint" },
  inp: { short: "INP", long: "Interaction to Next Paint" },
  cls: { short: "CLS", long: "Cumulative Layout Shift" },
  fcp: { short: "FCP", long: "First Contentful Paint" },
  ttfb: { short: "TTFB", long: "Time to First Byte" },
};

export const ratingOf = (metric: VitalMetric, value: number): VitalRating => {
  const { good, poor } = vitalThresholds[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
};

/** The device classes the panels show apart: phones and tablets together, and desktops. */
export const vitalDevices = ["mobile", "desktop"] as const;
export type VitalDevice = (typeof vitalDevices)[number];
