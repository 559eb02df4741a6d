import { formatShift, formatTiming } from "@shared/format";
import { vitalNames, type VitalMetric, type VitalRating } from "@shared/vitals";
import type { Tone } from "@/components/pill";

/** A metric's value as people read it: "2.4 s", "180 ms", "0.05". */
export const vitalText = (metric: VitalMetric, value: number) =>
  metric === "cls" ? formatShift(value) : formatTiming(value);

export const ratingWords: Record<VitalRating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

export const ratingTone: Record<VitalRating, Tone> = {
  good: "green",
  "needs-improvement": "amber",
  poor: "red",
};

export const metricLabel = (metric: VitalMetric) =>
  `${vitalNames[metric].short} (${vitalNames[metric].long})`;
