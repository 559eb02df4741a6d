import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { Db } from "../db/client";
import {
  bandwidthUsage,
  domains,
  monitorIncidents,
  monitorRollups,
  pageViews,
  siteMonitors,
  websites,
} from "../db/schema";
import { isLive } from "@shared/schemas/websites";
import { siteFigures, uptimePercent, utcDay } from "./figures";

const DAY_MS = 86_400_000;
const TOP = 10;

/** The YYYY-MM of the calendar month `back` months before `now`'s (UTC). */
const utcMonth = (now: Date, back = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

/** A unique visitor: a hash means something only within its day. */
const visitorsCount = sql<number>`count(distinct (${pageViews.day}, ${pageViews.visitorHash}))::int`;
const viewsCount = sql<number>`count(*)::int`;

/**
 * A website's last 30 UTC days as its page in the portal shows them, or undefined when the
 * company has no such website: visitors, page views, pages, referrers and devices from the page
 * views; uptime and response time per day from the day roll-ups; incidents; the certificate's
 * and the domain's expiry; bandwidth per month for a year.
 */
export async function siteHealth(
  db: Db,
  companyId: string,
  websiteId: string,
  now = new Date(),
): Promise<SiteHealth | undefined> {
  const [row] = await db
    .select()
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.companyId, companyId)));
  if (!row) return undefined;
  const live = isLive(row.status);
  const figures = (await siteFigures(db, [{ id: row.id, live }], now)).get(row.id)!;
  const { companyId: _company, createdAt, ...site } = row;
  const website = { ...site, ...figures, createdAt: createdAt.toISOString() };

  const from = utcDay(now, 29);
  const to = utcDay(now);
  const inWindow = and(eq(pageViews.websiteId, websiteId), gte(pageViews.day, from));
  const firstMonth = utcMonth(now, 11);
  const windowStart = new Date(`${from}T00:00:00Z`);

  const [daily, pages, referrers, devices, rollups, incidents, monitor, domain, months] =
    await Promise.all([
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
      db
        .select({
          periodStart: monitorRollups.periodStart,
          checks: monitorRollups.checks,
          up: monitorRollups.up,
          responseMsSum: monitorRollups.responseMsSum,
        })
        .from(monitorRollups)
        .where(
          and(
            eq(monitorRollups.websiteId, websiteId),
            eq(monitorRollups.granularity, "day"),
            gte(monitorRollups.periodStart, windowStart),
          ),
        ),
      db
        .select()
        .from(monitorIncidents)
        .where(
          and(
            eq(monitorIncidents.websiteId, websiteId),
            or(
              isNull(monitorIncidents.endedAt),
              gte(monitorIncidents.endedAt, new Date(now.getTime() - 30 * DAY_MS)),
            ),
          ),
        )
        .orderBy(desc(monitorIncidents.startedAt)),
      db.select().from(siteMonitors).where(eq(siteMonitors.websiteId, websiteId)),
      db
        .select({ expiresAt: domains.expiresAt, autoRenew: domains.autoRenew })
        .from(domains)
        .where(and(eq(domains.companyId, companyId), eq(domains.domain, row.domain)))
        .limit(1),
      db
        .select({
          month: sql<string>`to_char(${bandwidthUsage.day}, 'YYYY-MM')`,
          bytes: sql<string>`sum(${bandwidthUsage.bytes})`,
        })
        .from(bandwidthUsage)
        .where(
          and(eq(bandwidthUsage.websiteId, websiteId), gte(bandwidthUsage.day, `${firstMonth}-01`)),
        )
        .groupBy(sql`1`),
    ]);

  const visits = new Map(daily.map((d) => [d.day, d]));
  const checks = new Map(rollups.map((r) => [r.periodStart.toISOString().slice(0, 10), r]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = utcDay(now, 29 - i);
    const seen = visits.get(day);
    const checked = checks.get(day);
    return {
      day,
      visitors: seen?.visitors ?? 0,
      pageViews: seen?.pageViews ?? 0,
      uptimePercent: checked ? uptimePercent(checked.checks, checked.up) : null,
      responseMs:
        checked && checked.up > 0 ? Math.round(Number(checked.responseMsSum) / checked.up) : null,
    };
  });
  const byDevice = new Map(devices.map((d) => [d.device, d.visitors]));
  const byMonth = new Map(months.map((m) => [m.month, Number(m.bytes)]));
  const state = monitor[0];

  return {
    website: website,
    from,
    to,
    days,
    pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
    topPages: pages,
    topReferrers: referrers,
    devices: {
      mobile: byDevice.get("mobile") ?? 0,
      tablet: byDevice.get("tablet") ?? 0,
      desktop: byDevice.get("desktop") ?? 0,
    },
    uptime: {
      percent: website.uptimePercent,
      status: live ? website.health : null,
      lastCheckedAt: state?.lastCheckedAt?.toISOString() ?? null,
      lastResponseMs: state?.lastResponseMs ?? null,
      incidents: incidents.map((incident) => ({
        cause: incident.cause,
        detail: incident.detail,
        startedAt: incident.startedAt.toISOString(),
        endedAt: incident.endedAt?.toISOString() ?? null,
        durationSeconds: Math.max(
          0,
          Math.round(((incident.endedAt ?? now).getTime() - incident.startedAt.getTime()) / 1000),
        ),
      })),
    },
    certificateExpiresAt: state?.certExpiresAt?.toISOString() ?? null,
    domain: domain[0]
      ? { expiresAt: domain[0].expiresAt?.toISOString() ?? null, autoRenew: domain[0].autoRenew }
      : null,
    bandwidth: {
      months: Array.from({ length: 12 }, (_, i) => {
        const month = utcMonth(now, 11 - i);
        return { month, bytes: byMonth.get(month) ?? 0 };
      }),
      thisMonthBytes: website.bandwidthBytes,
    },
  };
}
