import { and, eq, isNotNull } from "drizzle-orm";
import type { ReportGoal, ReportSite, ReportVitals } from "@shared/schemas/reports";
import type { SiteAudience } from "@shared/schemas/site-audience";
import type { SiteVitals } from "@shared/schemas/vitals";
import { siteWindow } from "@shared/site-range";
import { addMonthsTo } from "@shared/work-time";
import type { Db } from "../db/client";
import { monitorIncidents } from "../db/schema";
import { siteVitals } from "../analytics/vitals-read";
import { siteHealth } from "../websites/health";

/*
 * One website's part of the monthly report, read with the site page's own functions for the
 * page's "YYYY-MM" range (UTC days, as the portal's month picker) and the month before: its
 * health (uptime, incidents, response times, visitors, pages, sources, goals) and its real-user
 * speed (Core Web Vitals), each against the month before.
 */

const DAY_MS = 86_400_000;

/** The nearest-rank percentile of some numbers, or null when there are none. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Each device class's metrics this month beside the month before, for the classes that reported
 * any in either month, from the speed panel's figures of both months.
 */
export function vitalsAgainst(month: SiteVitals, before: SiteVitals): ReportVitals[] {
  return month.devices.flatMap((device) => {
    const earlier = before.devices.find((each) => each.device === device.device)!;
    const metrics = device.figures.map(({ metric, p75, goodPercent, visits }) => {
      const then = earlier.figures.find((figure) => figure.metric === metric)!;
      return {
        metric,
        p75,
        goodPercent,
        visits,
        before: { p75: then.p75, goodPercent: then.goodPercent, visits: then.visits },
      };
    });
    const measured = metrics.some((figure) => figure.visits + figure.before.visits > 0);
    return measured ? [{ device: device.device, metrics }] : [];
  });
}

/** The month's goals (most visitors first) beside the month before, then the month before's others. */
export function goalsAgainst(
  month: SiteAudience["goals"],
  before: SiteAudience["goals"],
): ReportGoal[] {
  const earlier = new Map(before.map((goal) => [goal.name, goal]));
  const now = new Map(month.map((goal) => [goal.name, goal]));
  const names = [...now.keys(), ...[...earlier.keys()].filter((name) => !now.has(name))];
  return names.map((name) => {
    const goal = now.get(name);
    const then = earlier.get(name);
    return {
      name,
      visitors: { value: goal?.visitors ?? 0, before: then?.visitors ?? 0 },
      completions: { value: goal?.completions ?? 0, before: then?.completions ?? 0 },
      rate: goal?.rate ?? 0,
      rateBefore: then?.rate ?? 0,
    };
  });
}

/** A site's section of a month's report, and its certificate's expiry (for the expiring list). */
export async function siteSection(
  db: Db,
  companyId: string,
  site: { id: string; domain: string },
  month: string,
  now: Date,
  checkIntervalSeconds: number,
): Promise<{ section: ReportSite; certificateExpiresAt: string | null }> {
  const read = async (range: string) => {
    const window = siteWindow(range, now)!;
    const [health, vitals] = await Promise.all([
      siteHealth(db, companyId, site.id, { ...window, range, checkIntervalSeconds }, now),
      siteVitals(db, site.id, { companyId, range, now }),
    ]);
    return { health: health!, vitals: vitals! };
  };
  const [{ health, vitals }, before] = await Promise.all([
    read(month),
    read(addMonthsTo(month, -1)),
  ]);
  const times = health.responseTimes.points.flatMap((point) =>
    point.responseMs === null ? [] : [point.responseMs],
  );
  const start = new Date(`${health.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${health.to}T00:00:00Z`) + DAY_MS);
  const missed = await db
    .select({ startedAt: monitorIncidents.startedAt })
    .from(monitorIncidents)
    .where(and(eq(monitorIncidents.websiteId, site.id), isNotNull(monitorIncidents.heartbeatId)));
  const pagesBefore = new Map(before.health.topPages.map((page) => [page.path, page.views]));
  const sourcesBefore = new Map(
    before.health.topReferrers.map((source) => [source.host, source.visitors]),
  );
  const section: ReportSite = {
    websiteId: site.id,
    domain: site.domain,
    uptimePercent: health.uptime.percent,
    incidents: health.uptime.incidents.map(({ updates: _updates, ...incident }) => incident),
    responseMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
    maintenanceChecks: health.days.reduce((sum, day) => sum + day.maintenanceChecks, 0),
    heartbeatsMissed: missed.filter((row) => row.startedAt >= start && row.startedAt < end).length,
    visitors: { value: health.visitors, before: before.health.visitors },
    pageViews: { value: health.pageViews, before: before.health.pageViews },
    topPages: health.topPages.map((page) => ({
      ...page,
      viewsBefore: pagesBefore.get(page.path) ?? null,
    })),
    topSources: health.topReferrers.map((source) => ({
      ...source,
      visitorsBefore: sourcesBefore.get(source.host) ?? null,
    })),
    vitals: vitalsAgainst(vitals, before.vitals),
    goals: goalsAgainst(health.goals, before.health.goals),
  };
  return { section, certificateExpiresAt: health.certificateExpiresAt };
}
