import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vitalMetrics, type VitalMetric } from "@shared/vitals";
import {
  BUCKET_SCALE,
  VITAL_MAX,
  addHistogram,
  bucketOf,
  exactPercentile,
  histogramOf,
  percentileOf,
} from "./vitals-buckets";

/** The p75 of raw values as the roll-up reads it: day histograms, summed. */
function bucketP75(metric: VitalMetric, days: number[][]) {
  const summed = new Map<number, number>();
  for (const values of days) {
    const day = histogramOf(
      values.map((value) => [bucketOf(metric, value), 1] as [number, number]),
    );
    addHistogram(summed, day);
  }
  return percentileOf(metric, summed);
}

/** Values of a metric, log-uniform over its whole range, zero included (CLS is often 0). */
const valuesOf = (metric: VitalMetric) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    {
      weight: 9,
      arbitrary: fc
        .double({
          min: Math.log(1 / BUCKET_SCALE[metric] / 4),
          max: Math.log(VITAL_MAX[metric]),
          noNaN: true,
        })
        .map((log) => Math.exp(log)),
    },
  );

describe("vitals histograms", () => {
  it.each(vitalMetrics)(
    "give a %s p75 within 5% of the exact p75 (or within one unit under one unit)",
    (metric) => {
      fc.assert(
        fc.property(
          fc.array(fc.array(valuesOf(metric), { minLength: 0, maxLength: 60 }), {
            minLength: 1,
            maxLength: 10,
          }),
          (days) => {
            const all = days.flat();
            const exact = exactPercentile(all);
            const fromBuckets = bucketP75(metric, days);
            if (exact === null) return fromBuckets === null;
            const unit = 1 / BUCKET_SCALE[metric];
            return exact < unit
              ? Math.abs(fromBuckets! - exact) < unit
              : Math.abs(fromBuckets! - exact) <= 0.05 * exact;
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it("keep the same buckets in any order, and the exact value's bucket at p75", () => {
    const values = [120, 3400, 2500, 2501, 9000, 0, 0.4, 2400];
    const p75 = exactPercentile(values)!;
    const shuffled = [...values].reverse();
    expect(bucketP75("lcp", [values])).toBe(bucketP75("lcp", [shuffled]));
    expect(bucketOf("lcp", bucketP75("lcp", [values])!)).toBe(bucketOf("lcp", p75));
    expect(histogramOf([]).counts).toEqual([]);
  });
});
