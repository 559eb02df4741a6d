import type { VitalMetric } from "@shared/vitals";

/*
 * The fixed log-spaced buckets each day's vitals are kept in (web_vital_days): bucket 0 holds
 * values under one unit (1 ms; 0.0001 for CLS), bucket i ≥ 1 holds [RATIO^(i-1), RATIO^i) units.
 * A percentile read from the buckets is its bucket's geometric middle, so it is within
 * sqrt(RATIO) - 1 (2.5%) of the exact value, or under one unit when the value is under one unit
 * (vitals-buckets.test.ts checks this against exact percentiles).
 */

export const BUCKET_RATIO = 1.05;
const LOG_RATIO = Math.log(BUCKET_RATIO);

/** Units per metric value: milliseconds, or ten-thousandths of CLS. */
export const BUCKET_SCALE: Record<VitalMetric, number> = {
  lcp: 1,
  inp: 1,
  cls: 10_000,
  fcp: 1,
  ttfb: 1,
};

/** The largest value accepted: 10 minutes for a time, 100 for CLS. */
export const VITAL_MAX: Record<VitalMetric, number> = {
  lcp: 600_000,
  inp: 600_000,
  cls: 100,
  fcp: 600_000,
  ttfb: 600_000,
};

export function bucketOf(metric: VitalMetric, value: number): number {
  const units = value * BUCKET_SCALE[metric];
  return units < 1 ? 0 : 1 + Math.floor(Math.log(units) / LOG_RATIO);
}

/** The value a bucket stands for: 0 for bucket 0, else the geometric middle of its bounds. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  return Math.pow(BUCKET_RATIO, bucket - 0.5) / BUCKET_SCALE[metric];
}

/** The same bucket as bucketOf, in SQL, for a double precision expression. */
export const bucketSql = (metric: VitalMetric, column: string) =>
  `case when ${column} * ${BUCKET_SCALE[metric]} < 1 then 0 ` +
  `else 1 + floor(ln(${column} * ${BUCKET_SCALE[metric]}) / ln(${BUCKET_RATIO})) end`;

/** A histogram: counts[i] is the count of bucket first + i. */
export type Histogram = { first: number; counts: number[] };

/** A histogram from (bucket, count) pairs, trimmed to its first and last non-empty bucket. */
export function histogramOf(pairs: Iterable<[number, number]>): Histogram {
  const byBucket = new Map<number, number>();
  for (const [bucket, count] of pairs) {
    if (count > 0) byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + count);
  }
  if (byBucket.size === 0) return { first: 0, counts: [] };
  const first = Math.min(...byBucket.keys());
  const last = Math.max(...byBucket.keys());
  const counts = Array.from({ length: last - first + 1 }, (_, i) => byBucket.get(first + i) ?? 0);
  return { first, counts };
}

/** Adds `other` into `into` (which grows as needed). */
export function addHistogram(into: Map<number, number>, other: Histogram) {
  other.counts.forEach((count, i) => {
    if (count > 0) into.set(other.first + i, (into.get(other.first + i) ?? 0) + count);
  });
}

/**
 * The value at rank ceil(q · n) of the summed buckets (the nearest-rank percentile), or null when
 * they are empty.
 */
export function percentileOf(
  metric: VitalMetric,
  buckets: Map<number, number>,
  q = 0.75,
): number | null {
  let total = 0;
  for (const count of buckets.values()) total += count;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket)!;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return null;
}

/** The exact nearest-rank percentile of raw values (what the buckets approximate). */
export function exactPercentile(values: number[], q = 0.75): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
}
