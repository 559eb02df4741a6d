import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Website } from "@shared/schemas/websites";
import type { Db } from "../db/client";
import { bandwidthUsage, monitorRollups, siteMonitors } from "../db/schema";
import { visitorsSince } from "../analytics/rollup";

/** The measured figures of a website, as the portal shows them. */
export type SiteFigures = Pick<
  Website,
  "monthlyVisitors" | "uptimePercent" | "health" | "bandwidthBytes"
>;

const DAY_MS = 86_400_000;

/** The UTC date `days` days before `now`, as YYYY-MM-DD. */
export const utcDay = (now: Date, days = 0) =>
  new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/** Uptime in percent to two decimals, or null when nothing was checked. */
export const uptimePercent = (checks: number, up: number) =>
  checks === 0 ? null : Math.floor((up / checks) * 10_000) / 100;

/**
 * The figures of some websites: unique visitors and uptime over the last 30 days (from the daily
 * page view and hourly check roll-ups), and the bytes served this calendar month. Sites that are not live get no
 * uptime and no health.
 */
export async function siteFigures(
  db: Db,
  sites: { id: string; live: boolean }[],
  now = new Date(),
): Promise<Map<string, SiteFigures>> {
  const ids = sites.map((site) => site.id);
  const figures = new Map<string, SiteFigures>();
  if (ids.length === 0) return figures;

  const [uptimes, visitors, bandwidth, monitors] = await Promise.all([
    db
      .select({
        websiteId: monitorRollups.websiteId,
        checks: sql<number>`sum(${monitorRollups.checks})::int`,
        up: sql<number>`sum(${monitorRollups.up})::int`,
      })
      .from(monitorRollups)
      .where(
        and(
          inArray(monitorRollups.websiteId, ids),
          eq(monitorRollups.granularity, "hour"),
          gte(monitorRollups.periodStart, new Date(now.getTime() - 30 * DAY_MS)),
        ),
      )
      .groupBy(monitorRollups.websiteId),
    visitorsSince(db, ids, utcDay(now, 29)),
    db
      .select({
        websiteId: bandwidthUsage.websiteId,
        bytes: sql<string>`sum(${bandwidthUsage.bytes})`,
      })
      .from(bandwidthUsage)
      .where(
        and(
          inArray(bandwidthUsage.websiteId, ids),
          gte(bandwidthUsage.day, `${utcDay(now).slice(0, 7)}-01`),
        ),
      )
      .groupBy(bandwidthUsage.websiteId),
    db
      .select({ websiteId: siteMonitors.websiteId, status: siteMonitors.status })
      .from(siteMonitors)
      .where(inArray(siteMonitors.websiteId, ids)),
  ]);

  const byId = <T extends { websiteId: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.websiteId, row]));
  const uptime = byId(uptimes);
  const bytes = byId(bandwidth);
  const monitor = byId(monitors);
  for (const { id, live } of sites) {
    const checked = uptime.get(id);
    const status = monitor.get(id)?.status;
    figures.set(id, {
      monthlyVisitors: visitors.get(id) ?? 0,
      uptimePercent: live && checked ? uptimePercent(checked.checks, checked.up) : null,
      health: live ? (status === "up" || status === "down" ? status : "unknown") : null,
      bandwidthBytes: Number(bytes.get(id)?.bytes ?? 0),
    });
  }
  return figures;
}
