import { sql } from "drizzle-orm";
import type { SiteWindow } from "@shared/site-range";
import {
  deviceVisitors,
  pathViews,
  referrerVisits,
  siteRangeSplit,
  viewDays,
} from "../analytics/audience-days";
import { queryRows, type Db } from "../db/client";
import { siteAudience } from "./audience";

const DAY_MS = 86_400_000;
const TOP = 10;

/** The UTC days of a window, first to last, YYYY-MM-DD. */
const windowDays = ({ from, days }: Pick<SiteWindow, "from" | "days">) => {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
};

/**
 * A website's visits in a range of UTC days, from its page views only: visitors and page views
 * in all and per day, its top pages and referrers, its devices, and where visitors came from
 * (sources, campaigns, goals, countries). The site page shows these beside its uptime; a share
 * link's panels show only these. The days up to the site's latest rolled-up day are read from the
 * daily roll-ups (analytics/rollup.ts), so the figures outlive the raw rows; the days after it
 * are counted the same way from the raw rows (analytics/audience-days.ts).
 */
export async function siteTraffic(db: Db, websiteId: string, window: SiteWindow) {
  const { from, to } = window;
  const split = await siteRangeSplit(db, websiteId, from, to);
  const { rolledUp, raw } = split;
  const v = sql`v`;
  const [daily, topPages, topReferrers, devices, audience] = await Promise.all([
    queryRows<{ day: string; visitors: number; pageViews: number }>(
      db,
      sql`select day::text as day, sum(visitors)::int as visitors, sum(views)::int as "pageViews"
          from (
            select r.day, r.visitors, r.views from page_view_days r where ${rolledUp}
            union all
            select c.day, c.visitors, c.views from (${viewDays(raw(v))}) c
          ) counted
          group by 1`,
    ),
    queryRows<{ path: string; views: number }>(
      db,
      sql`select path, sum(views)::int as views
          from (
            select r.path, r.views from page_days r where ${rolledUp}
            union all
            select p.path, p.views from (${pathViews(raw(v))}) p
          ) counted
          group by 1
          order by 2 desc, 1
          limit ${TOP}`,
    ),
    // A visitor's hash means something only within its day, so the days' visitors add up.
    queryRows<{ host: string | null; visitors: number; views: number }>(
      db,
      sql`select referrer_host as host, sum(visitors)::int as visitors, sum(views)::int as views
          from (
            select r.referrer_host, r.visitors, r.views from referrer_days r where ${rolledUp}
            union all
            select f.referrer_host, f.visitors, f.views from (${referrerVisits(raw(v))}) f
          ) counted
          group by 1
          order by 2 desc, 3 desc, 1
          limit ${TOP}`,
    ),
    queryRows<{ device: string; visitors: number }>(
      db,
      sql`select device, sum(visitors)::int as visitors
          from (
            select r.device, r.visitors from device_days r where ${rolledUp}
            union all
            select d.device, d.visitors from (${deviceVisitors(raw(v))}) d
          ) counted
          group by 1`,
    ),
    siteAudience(db, split),
  ]);
  const visits = new Map(daily.map((d) => [d.day, d]));
  const days = windowDays(window).map((day) => ({
    day,
    visitors: visits.get(day)?.visitors ?? 0,
    pageViews: visits.get(day)?.pageViews ?? 0,
  }));
  const byDevice = new Map(devices.map((d) => [d.device, d.visitors]));
  return {
    // Each day's unique visitors add up: a hash means something only within its day.
    visitors: days.reduce((sum, d) => sum + d.visitors, 0),
    pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
    days,
    topPages,
    topReferrers,
    devices: {
      mobile: byDevice.get("mobile") ?? 0,
      tablet: byDevice.get("tablet") ?? 0,
      desktop: byDevice.get("desktop") ?? 0,
    },
    ...audience,
  };
}
