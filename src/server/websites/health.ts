import { and, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { SiteWindow } from "@shared/site-range";
import type { Db } from "../db/client";
import {
  bandwidthUsage,
  domainExpiresAt,
  domains,
  heartbeats,
  monitorIncidents,
  monitorRollups,
  siteMonitors,
  websites,
} from "../db/schema";
import { isLive } from "@shared/schemas/websites";
import { heartbeatView } from "@shared/schemas/heartbeats";
import { updatesOf } from "../monitoring/incident-updates";
import { siteFigures, uptimePercent } from "./figures";
import { siteTraffic } from "./traffic";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The YYYY-MM of the calendar month `back` months before `now`'s (UTC). */
const utcMonth = (now: Date, back = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

/** The average response time of a roll-up's successful checks, or null when none answered. */
const averageResponse = (rollup: { up: number; responseMsSum: number }) =>
  rollup.up > 0 ? Math.round(Number(rollup.responseMsSum) / rollup.up) : null;

/**
 * A website's range of UTC days (SiteWindow) as its page in the portal shows them, or undefined
 * when the company has no such website: visitors, page views, pages, referrers, devices and
 * where visitors came from, from the page views (siteTraffic); uptime per day from the day
 * roll-ups and response times from the hour or day roll-ups (checks inside maintenance windows
 * are counted apart: not in uptime, but marked); the incidents that touched the range; the
 * certificate's and the domain's expiry; bandwidth per month for a year.
 */
export async function siteHealth(
  db: Db,
  companyId: string,
  websiteId: string,
  window: SiteWindow & { range: string; checkIntervalSeconds: number },
  now = new Date(),
): Promise<Omit<SiteHealth, "maintenanceWindows"> | undefined> {
  const [row] = await db
    .select()
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.companyId, companyId)));
  if (!row) return undefined;
  const live = isLive(row.status);
  const figures = (await siteFigures(db, [{ id: row.id, live }], now)).get(row.id)!;
  const { companyId: _company, createdAt, ...site } = row;
  const website = { ...site, ...figures, createdAt: createdAt.toISOString() };

  const { from, to } = window;
  const firstMonth = utcMonth(now, 11);
  const windowStart = new Date(`${from}T00:00:00Z`);
  const windowEnd = new Date(Math.min(Date.parse(`${to}T00:00:00Z`) + DAY_MS, now.getTime()));
  const rollupsOf = (granularity: "hour" | "day") =>
    db
      .select({
        periodStart: monitorRollups.periodStart,
        checks: monitorRollups.checks,
        up: monitorRollups.up,
        responseMsSum: monitorRollups.responseMsSum,
        maintenance: monitorRollups.maintenance,
      })
      .from(monitorRollups)
      .where(
        and(
          eq(monitorRollups.websiteId, websiteId),
          eq(monitorRollups.granularity, granularity),
          gte(monitorRollups.periodStart, windowStart),
          lt(monitorRollups.periodStart, windowEnd),
        ),
      );

  const [traffic, rollups, hourly, incidents, monitor, domain, months, jobs] = await Promise.all([
    siteTraffic(db, websiteId, window),
    rollupsOf("day"),
    window.granularity === "hour" ? rollupsOf("hour") : Promise.resolve([]),
    db
      .select()
      .from(monitorIncidents)
      .where(
        and(
          eq(monitorIncidents.websiteId, websiteId),
          // The site's own outages: a job's missed heartbeat is not downtime.
          isNull(monitorIncidents.heartbeatId),
          lt(monitorIncidents.startedAt, windowEnd),
          or(isNull(monitorIncidents.endedAt), gte(monitorIncidents.endedAt, windowStart)),
        ),
      )
      .orderBy(desc(monitorIncidents.startedAt)),
    db.select().from(siteMonitors).where(eq(siteMonitors.websiteId, websiteId)),
    db
      .select({ expiresAt: domainExpiresAt, autoRenew: domains.autoRenew })
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
    db
      .select()
      .from(heartbeats)
      .where(eq(heartbeats.websiteId, websiteId))
      .orderBy(heartbeats.createdAt, heartbeats.id),
  ]);
  // Staff's updates on the incidents, oldest first: the portal shows them with each incident.
  const updates = await updatesOf(
    db,
    incidents.map((incident) => incident.id),
  );

  const checks = new Map(rollups.map((r) => [r.periodStart.toISOString().slice(0, 10), r]));
  const days = traffic.days.map(({ day, visitors, pageViews }) => {
    const checked = checks.get(day);
    return {
      day,
      visitors,
      pageViews,
      uptimePercent: checked ? uptimePercent(checked.checks, checked.up) : null,
      responseMs: checked ? averageResponse(checked) : null,
      maintenanceChecks: checked?.maintenance ?? 0,
    };
  });
  const byHour = new Map(hourly.map((r) => [r.periodStart.getTime(), r]));
  const responsePoints =
    window.granularity === "hour"
      ? Array.from(
          { length: Math.ceil((windowEnd.getTime() - windowStart.getTime()) / HOUR_MS) },
          (_, i) => {
            const at = windowStart.getTime() + i * HOUR_MS;
            const checked = byHour.get(at);
            return {
              at: new Date(at).toISOString(),
              responseMs: checked ? averageResponse(checked) : null,
              maintenance: (checked?.maintenance ?? 0) > 0,
            };
          },
        )
      : days.map((d) => ({
          at: `${d.day}T00:00:00.000Z`,
          responseMs: d.responseMs,
          maintenance: d.maintenanceChecks > 0,
        }));
  const measured = window.granularity === "hour" ? hourly : rollups;
  const checksInRange = measured.reduce((sum, r) => sum + r.checks, 0);
  const upInRange = measured.reduce((sum, r) => sum + r.up, 0);
  const byMonth = new Map(months.map((m) => [m.month, Number(m.bytes)]));
  const state = monitor[0];
  // A failed check has no response time worth showing: the site did not answer.
  const lastFailed = (state?.consecutiveFailures ?? 0) > 0;

  return {
    website: website,
    range: window.range,
    from,
    to,
    checkIntervalSeconds: window.checkIntervalSeconds,
    days,
    visitors: traffic.visitors,
    pageViews: traffic.pageViews,
    responseTimes: { granularity: window.granularity, points: responsePoints },
    topPages: traffic.topPages,
    topReferrers: traffic.topReferrers,
    devices: traffic.devices,
    sources: traffic.sources,
    campaigns: traffic.campaigns,
    goals: traffic.goals,
    countries: traffic.countries,
    uptime: {
      percent: live ? uptimePercent(checksInRange, upInRange) : null,
      status: live ? website.health : null,
      lastCheckedAt: state?.lastCheckedAt?.toISOString() ?? null,
      lastResponseMs: lastFailed ? null : (state?.lastResponseMs ?? null),
      lastCause: lastFailed ? (state?.lastCause ?? "error") : null,
      incidents: incidents.map((incident) => ({
        title: incident.title,
        updates: updates.get(incident.id) ?? [],
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
    heartbeats: jobs.map(heartbeatView),
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
