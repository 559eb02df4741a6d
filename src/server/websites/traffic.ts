import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { SiteWindow } from "@shared/site-range";
import type { Db } from "../db/client";
import { pageViews } from "../db/schema";
import { siteAudience } from "./audience";

const DAY_MS = 86_400_000;
const TOP = 10;

/** A unique visitor: a hash means something only within its day. */
const visitorsCount = sql<number>`count(distinct (${pageViews.day}, ${pageViews.visitorHash}))::int`;
const viewsCount = sql<number>`count(*)::int`;

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
 * link's panels show only these.
 */
export async function siteTraffic(db: Db, websiteId: string, window: SiteWindow) {
  const { from, to } = window;
  const inWindow = and(
    eq(pageViews.websiteId, websiteId),
    gte(pageViews.day, from),
    lte(pageViews.day, to),
  );
  const [totals, daily, pages, referrers, devices, audience] = await Promise.all([
    db.select({ visitors: visitorsCount }).from(pageViews).where(inWindow),
    db
      .select({ day: pageViews.day, visitors: visitorsCount, pageViews: viewsCount })
      .from(pageViews)
      .where(inWindow)
      .groupBy(pageViews.day),
    db
      .select({ path: pageViews.path, views: viewsCount })
      .from(pageViews)
      .where(inWindow)
      .groupBy(pageViews.path)
      .orderBy(desc(viewsCount), pageViews.path)
      .limit(TOP),
    db
      .select({ host: pageViews.referrerHost, visitors: visitorsCount, views: viewsCount })
      .from(pageViews)
      .where(inWindow)
      .groupBy(pageViews.referrerHost)
      .orderBy(desc(visitorsCount), desc(viewsCount), pageViews.referrerHost)
      .limit(TOP),
    db
      .select({ device: pageViews.device, visitors: visitorsCount })
      .from(pageViews)
      .where(inWindow)
      .groupBy(pageViews.device),
    siteAudience(db, websiteId, from, to),
  ]);
  const visits = new Map(daily.map((d) => [d.day, d]));
  const days = windowDays(window).map((day) => ({
    day,
    visitors: visits.get(day)?.visitors ?? 0,
    pageViews: visits.get(day)?.pageViews ?? 0,
  }));
  const byDevice = new Map(devices.map((d) => [d.device, d.visitors]));
  return {
    visitors: totals[0]?.visitors ?? 0,
    pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
    days,
    topPages: pages,
    topReferrers: referrers,
    devices: {
      mobile: byDevice.get("mobile") ?? 0,
      tablet: byDevice.get("tablet") ?? 0,
      desktop: byDevice.get("desktop") ?? 0,
    },
    ...audience,
  };
}
