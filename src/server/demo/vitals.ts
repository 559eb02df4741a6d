import { eq } from "drizzle-orm";
import { vitalMetrics, vitalThresholds, type VitalMetric } from "@shared/vitals";
import { bucketOf, histogramOf } from "../analytics/vitals-buckets";
import type { DbExecutor } from "../db/client";
import { webVitalDays, webVitals, websites } from "../db/schema";
import { demoHistoryDays } from "./history";

/**
 * Real-user speed for the demo website over its history's days (demoHistoryDays, so the archived
 * reports compare each month with the one before), so its panels show something on a fresh
 * install: day histograms up to the day before yesterday (as the roll-up leaves them) and raw
 * vitals for yesterday and today. Deterministic, like history.ts: a seeded generator per day.
 * The menu page is slow to show on phones (its photos), ordering slow to answer taps.
 */

const DAY_MS = 86_400_000;
const PAGES = ["/", "/menu", "/order", "/locations", "/catering", "/about"] as const;
const DEVICES = ["mobile", "desktop"] as const;

/** The typical value (median) of each metric, per device; some pages slower. */
const MEDIAN: Record<(typeof DEVICES)[number], Record<VitalMetric, number>> = {
  mobile: { lcp: 2100, inp: 140, cls: 0.04, fcp: 1300, ttfb: 520 },
  desktop: { lcp: 1200, inp: 60, cls: 0.02, fcp: 700, ttfb: 300 },
};
const SLOWER: Partial<Record<(typeof PAGES)[number], Partial<Record<VitalMetric, number>>>> = {
  "/menu": { lcp: 1.9, cls: 2.5 },
  "/order": { inp: 2.6, lcp: 1.2 },
  "/catering": { lcp: 1.3 },
};

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A value around `median`, log-normal (a long tail of slow visits). */
function draw(next: () => number, median: number) {
  const normal = Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
  return median * Math.exp(0.45 * normal);
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedDemoVitals(tx: DbExecutor, websiteId: string, now: Date) {
  await tx.update(websites).set({ vitalsEnabled: true }).where(eq(websites.id, websiteId));
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const rolled: (typeof webVitalDays.$inferInsert)[] = [];
  const raw: (typeof webVitals.$inferInsert)[] = [];
  for (let back = demoHistoryDays(now) - 1; back >= 0; back--) {
    const day = dayOf(today - back * DAY_MS);
    const next = random(back === 0 ? 7 : Number(day.replaceAll("-", "")));
    // The site got faster a month ago (its images were resized).
    const slowdown = back > 30 ? 1.25 : 1;
    for (const path of PAGES) {
      for (const device of DEVICES) {
        const visits = Math.round(
          (path === "/" ? 30 : 8) * (device === "mobile" ? 1.6 : 1) * (0.6 + next()),
        );
        const samples = Array.from({ length: visits }, () => {
          const values = {} as Record<VitalMetric, number>;
          for (const metric of vitalMetrics) {
            const median = MEDIAN[device][metric] * (SLOWER[path]?.[metric] ?? 1) * slowdown;
            const value = draw(next, median);
            values[metric] = metric === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value);
          }
          return values;
        });
        if (back <= 1) {
          const at = new Date(Math.min(now.getTime(), today - back * DAY_MS + 12 * 3_600_000));
          for (const values of samples) {
            raw.push({ websiteId, occurredAt: at, day, path, device, ...values });
          }
          continue;
        }
        for (const metric of vitalMetrics) {
          const values = samples.map((sample) => sample[metric]);
          const histogram = histogramOf(
            values.map((v) => [bucketOf(metric, v), 1] as [number, number]),
          );
          rolled.push({
            websiteId,
            day,
            path,
            device,
            metric,
            visits: values.length,
            good: values.filter((v) => v <= vitalThresholds[metric].good).length,
            firstBucket: histogram.first,
            counts: histogram.counts,
          });
        }
      }
    }
  }
  for (let start = 0; start < rolled.length; start += 500) {
    await tx.insert(webVitalDays).values(rolled.slice(start, start + 500));
  }
  for (let start = 0; start < raw.length; start += 500) {
    await tx.insert(webVitals).values(raw.slice(start, start + 500));
  }
}
