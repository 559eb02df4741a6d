import { and, eq, gte, sql } from "drizzle-orm";
import type { DeviceVitals, SiteVitals, SlowPage, VitalDay } from "@shared/schemas/vitals";
import {
  ratingOf,
  vitalDevices,
  vitalMetrics,
  type VitalDevice,
  type VitalMetric,
} from "@shared/vitals";
import { siteWindow } from "@shared/site-range";
import type { DbExecutor } from "../db/client";
import { webVitalDays, websites } from "../db/schema";
import { addHistogram, percentileOf } from "./vitals-buckets";
import { dayBefore, vitalGroups, type VitalGroup } from "./vitals-rollup";
import type { Device } from "./ingest";

const TREND_DAYS = 90;
const SLOWEST = 5;

/** Phones and tablets are shown together as mobile. */
const deviceGroup = (device: Device): VitalDevice => (device === "desktop" ? "desktop" : "mobile");

type Sum = { visits: number; good: number; buckets: Map<number, number> };
const newSum = (): Sum => ({ visits: 0, good: 0, buckets: new Map() });
const add = (sum: Sum, group: VitalGroup) => {
  sum.visits += group.visits;
  sum.good += group.good;
  addHistogram(sum.buckets, group.histogram);
};
const sumOf = <K>(map: Map<K, Sum>, key: K) => {
  let sum = map.get(key);
  if (!sum) map.set(key, (sum = newSum()));
  return sum;
};

/**
 * The day histograms of a site since `from`: the rolled-up days, and the days after its latest
 * rolled-up day counted from the raw vitals (so today's visits show at once).
 */
export async function vitalDayGroups(
  db: DbExecutor,
  websiteId: string,
  from: string,
): Promise<VitalGroup[]> {
  const rolled = await db
    .select()
    .from(webVitalDays)
    .where(and(eq(webVitalDays.websiteId, websiteId), gte(webVitalDays.day, from)));
  const raw = await vitalGroups(
    db,
    sql`v.website_id = ${websiteId} and v.day >= ${from}::date and v.day > coalesce(
      (select max(r.day) from ${webVitalDays} r where r.website_id = ${websiteId}),
      '-infinity'::date
    )`,
  );
  return [
    ...rolled.map((row) => ({
      websiteId: row.websiteId,
      day: row.day,
      path: row.path,
      device: row.device,
      metric: row.metric,
      visits: row.visits,
      good: row.good,
      histogram: { first: row.firstBucket, counts: row.counts },
    })),
    ...raw,
  ];
}

/** A metric's p75 over summed histograms, rounded for showing (whole ms; CLS to 0.001). */
export function p75Of(metric: VitalMetric, sum: Sum | undefined): number | null {
  const value = sum ? percentileOf(metric, sum.buckets) : null;
  if (value === null) return null;
  return metric === "cls" ? Math.round(value * 1000) / 1000 : Math.round(value);
}

function deviceVitals(
  groups: VitalGroup[],
  device: VitalDevice,
  range: { from: string; to: string },
  days: string[],
) {
  const mine = groups.filter((group) => deviceGroup(group.device) === device);
  const totals = new Map<VitalMetric, Sum>();
  const byDay = new Map<string, Sum>();
  const byPage = new Map<string, Sum>();
  for (const group of mine) {
    add(sumOf(byDay, `${group.day}|${group.metric}`), group);
    if (group.day < range.from || group.day > range.to) continue;
    add(sumOf(totals, group.metric), group);
    if (group.metric === "lcp" || group.metric === "inp") {
      add(sumOf(byPage, `${group.metric}|${group.path}`), group);
    }
  }
  const slowest = (metric: "lcp" | "inp"): SlowPage[] =>
    [...byPage.entries()]
      .filter(([key]) => key.startsWith(`${metric}|`))
      .map(([key, sum]) => {
        const p75 = p75Of(metric, sum)!;
        return {
          path: key.slice(metric.length + 1),
          p75,
          rating: ratingOf(metric, p75),
          visits: sum.visits,
        };
      })
      .sort((a, b) => b.p75 - a.p75 || b.visits - a.visits || a.path.localeCompare(b.path))
      .slice(0, SLOWEST);
  const result: DeviceVitals = {
    device,
    figures: vitalMetrics.map((metric) => {
      const sum = totals.get(metric);
      const p75 = p75Of(metric, sum);
      return {
        metric,
        p75,
        rating: p75 === null ? null : ratingOf(metric, p75),
        visits: sum?.visits ?? 0,
        goodPercent: sum && sum.visits > 0 ? Math.round((100 * sum.good) / sum.visits) : null,
      };
    }),
    slowestByLcp: slowest("lcp"),
    slowestByInp: slowest("inp"),
    trend: days.map((day) => {
      const point = { day } as VitalDay;
      for (const metric of vitalMetrics)
        point[metric] = p75Of(metric, byDay.get(`${day}|${metric}`));
      return point;
    }),
  };
  return result;
}

/**
 * A site's real-user speed for its page: each device class's p75 per metric over the range (7d,
 * 30d, 90d ending today, or a month YYYY-MM, as the site page's ranges), the share of good
 * visits, the five slowest pages by LCP and by INP, and a 90-day trend to the range's last day.
 * Undefined when there is no such site (or, with `companyId`, it is not the company's), or the
 * range is a month after the current one.
 */
export async function siteVitals(
  db: DbExecutor,
  websiteId: string,
  {
    companyId,
    range,
    now = new Date(),
  }: {
    companyId?: string;
    range: string;
    now?: Date;
  },
): Promise<SiteVitals | undefined> {
  const window = siteWindow(range, now);
  if (!window) return undefined;
  const [site] = await db
    .select({ id: websites.id, domain: websites.domain, enabled: websites.vitalsEnabled })
    .from(websites)
    .where(
      companyId
        ? and(eq(websites.id, websiteId), eq(websites.companyId, companyId))
        : eq(websites.id, websiteId),
    );
  if (!site) return undefined;
  const { from, to } = window;
  const last = new Date(`${to}T00:00:00Z`);
  const days = Array.from({ length: TREND_DAYS }, (_, i) => dayBefore(last, TREND_DAYS - 1 - i));
  const groups = (await vitalDayGroups(db, site.id, days[0]!)).filter((group) => group.day <= to);
  return {
    websiteId: site.id,
    domain: site.domain,
    enabled: site.enabled,
    range,
    from,
    to,
    devices: vitalDevices.map((device) => deviceVitals(groups, device, { from, to }, days)),
  };
}
