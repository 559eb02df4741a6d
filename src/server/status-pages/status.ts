import { and, eq, gte, inArray } from "drizzle-orm";
import type { PublicStatus } from "@shared/schemas/status-pages";
import type { DbExecutor } from "../db/client";
import { monitorRollups, siteMonitors, type StatusPage } from "../db/schema";
import { listMaintenanceWindows } from "../monitoring/maintenance";
import { uptimePercent, utcDay } from "../websites/figures";
import { incidentsWithUpdates } from "./incidents";
import { pageSites } from "./pages";
import { pageUrl } from "./subscriptions";

/** How many days of bars (and of uptime) a page shows, today included. */
export const STATUS_DAYS = 90;
const DAY_MS = 86_400_000;

/** A scheduled maintenance window, as a page shows it. */
export type MaintenanceWindow = PublicStatus["maintenance"][number];

/** How far ahead a page lists scheduled maintenance. */
const MAINTENANCE_AHEAD_MS = 30 * DAY_MS;

/** The maintenance windows a page shows: those under way now and those of the next 30 days. */
export async function scheduledMaintenance(
  db: DbExecutor,
  websiteIds: string[],
  now: Date,
): Promise<MaintenanceWindow[]> {
  const windows = await listMaintenanceWindows(db, websiteIds, {
    from: now,
    to: new Date(now.getTime() + MAINTENANCE_AHEAD_MS),
  });
  return windows.map((window) => ({
    title: window.note,
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    domains: window.sites.map((site) => site.domain),
  }));
}

/**
 * What a page shows: each site's state now, its 90 daily bars from the day roll-ups and its
 * uptime over them (the figures' own formula), the incidents of those 90 days with their
 * updates, and the scheduled maintenance.
 */
export async function publicStatus(
  db: DbExecutor,
  page: StatusPage,
  publicUrl: string,
  now = new Date(),
): Promise<PublicStatus & { maintenance: MaintenanceWindow[] }> {
  const sites = await pageSites(db, page.id);
  const ids = sites.map((site) => site.id);
  const firstDay = utcDay(now, STATUS_DAYS - 1);
  const since = new Date(`${firstDay}T00:00:00Z`);
  const [rollups, monitors, incidents, maintenance] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            websiteId: monitorRollups.websiteId,
            periodStart: monitorRollups.periodStart,
            checks: monitorRollups.checks,
            up: monitorRollups.up,
            maintenance: monitorRollups.maintenance,
          })
          .from(monitorRollups)
          .where(
            and(
              inArray(monitorRollups.websiteId, ids),
              eq(monitorRollups.granularity, "day"),
              gte(monitorRollups.periodStart, since),
            ),
          ),
    ids.length === 0
      ? []
      : db
          .select({ websiteId: siteMonitors.websiteId, status: siteMonitors.status })
          .from(siteMonitors)
          .where(inArray(siteMonitors.websiteId, ids)),
    incidentsWithUpdates(db, ids, since, { jobs: false }),
    scheduledMaintenance(db, ids, now),
  ]);
  const days = Array.from({ length: STATUS_DAYS }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const stateOf = new Map(monitors.map((row) => [row.websiteId, row.status]));
  const openManual = new Set(
    incidents.filter((i) => i.manual && !i.endedAt).map((i) => i.websiteId),
  );
  const shownSites = sites.map((site) => {
    const byDay = new Map(
      rollups
        .filter((row) => row.websiteId === site.id)
        .map((row) => [row.periodStart.toISOString().slice(0, 10), row]),
    );
    let checks = 0;
    let up = 0;
    for (const row of byDay.values()) {
      checks += row.checks;
      up += row.up;
    }
    const monitored = stateOf.get(site.id);
    // An outage staff opened by hand counts as down, whatever the checks say.
    const status: "up" | "down" | "unknown" = openManual.has(site.id)
      ? "down"
      : monitored === "up" || monitored === "down"
        ? monitored
        : "unknown";
    return {
      id: site.id,
      domain: site.domain,
      status,
      uptimePercent90d: uptimePercent(checks, up),
      days: days.map((day) => {
        const row = byDay.get(day);
        return {
          day,
          uptimePercent: row ? uptimePercent(row.checks, row.up) : null,
          maintenance: (row?.maintenance ?? 0) > 0,
        };
      }),
    };
  });
  const states = shownSites.map((site) => site.status);
  return {
    name: page.name,
    url: pageUrl(page, publicUrl),
    status: states.includes("down")
      ? "down"
      : states.length > 0 && states.every((state) => state === "up")
        ? "up"
        : "unknown",
    sites: shownSites,
    // Each incident's site id is left out by the answer's schema (publicStatusSchema).
    incidents,
    maintenance,
    generatedAt: now.toISOString(),
  };
}
