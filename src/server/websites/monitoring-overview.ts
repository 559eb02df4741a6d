import { and, asc, desc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import {
  EXPIRY_WINDOW_DAYS,
  RECENT_INCIDENT_DAYS,
  type Expiring,
  type MonitoringOverview,
} from "@shared/schemas/monitoring-overview";
import { isLive } from "@shared/schemas/websites";
import { heartbeatView, type MonitoredHeartbeat } from "@shared/schemas/heartbeats";
import type { Db } from "../db/client";
import {
  companies,
  domainExpiresAt,
  domains,
  heartbeats,
  monitorIncidents,
  siteMonitors,
  websites,
} from "../db/schema";
import { readIncidents } from "../monitoring/incident-reading";
import { siteFigures } from "./figures";

const DAY_MS = 86_400_000;
/** Expired certificates and domains stay listed this long, then they are someone's decision. */
const EXPIRED_SHOWN_DAYS = 30;

/** How long the overview shows the 30-day uptimes it read before it reads them again. */
const UPTIME_MAX_AGE_MS = 60_000;
/** Older than this (nobody looked for a while), a request waits for them to be read again. */
const UPTIME_STALE_LIMIT_MS = 10 * 60_000;

/** Plain character order: the database's order for host names, and time order for ISO times. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Uptimes = { readAt: number; percent: Map<string, number | null> };
/** Per database, the uptimes last read and the reading under way, shared by its requests. */
const uptimesByDatabase = new WeakMap<Db, { last?: Uptimes; reading?: Promise<Uptimes> }>();

/**
 * The live sites' 30-day uptimes, read at most once a minute by this process. With 2,000 sites
 * they are sums over about 100,000 roll-ups, 150 ms of the database's time, while a minute's
 * checks move a 30-day figure by a few thousandths of a percent at most. Between one and ten
 * minutes old, the figures are shown while they are read again for the next request; older,
 * or with a site not in them, the request waits for the new ones. The site's state (up, down)
 * is always the monitor's latest.
 */
async function liveUptimes(db: Db, ids: string[], now: Date): Promise<Map<string, number | null>> {
  let shared = uptimesByDatabase.get(db);
  if (!shared) uptimesByDatabase.set(db, (shared = {}));
  const state = shared;
  const read = () =>
    (state.reading ??= siteFigures(
      db,
      ids.map((id) => ({ id, live: true })),
      now,
    )
      .then((figures) => {
        const percent = new Map([...figures].map(([id, site]) => [id, site.uptimePercent]));
        return (state.last = { readAt: now.getTime(), percent });
      })
      .finally(() => {
        state.reading = undefined;
      }));
  const last = state.last;
  const age = last ? now.getTime() - last.readAt : Infinity;
  if (!last || age >= UPTIME_STALE_LIMIT_MS || ids.some((id) => !last.percent.has(id))) {
    return (await read()).percent;
  }
  // A failed reading leaves the last figures in place; the next request tries again.
  if (age >= UPTIME_MAX_AGE_MS) read().catch(() => {});
  return last.percent;
}

/**
 * What staff see at /admin/monitoring: every live site's state now with its 30-day uptime (read
 * at most a minute before, `liveUptimes`), the open incidents and those closed in the last week,
 * and certificates and domains expiring within 30 days, soonest first.
 */
export async function monitoringOverview(db: Db, now = new Date()): Promise<MonitoringOverview> {
  const siteRows = await db
    .select({
      websiteId: websites.id,
      domain: websites.domain,
      status: websites.status,
      companyId: companies.id,
      companyName: companies.name,
      health: siteMonitors.status,
      lastCheckedAt: siteMonitors.lastCheckedAt,
      lastResponseMs: siteMonitors.lastResponseMs,
      lastStatusCode: siteMonitors.lastStatusCode,
    })
    .from(websites)
    .innerJoin(companies, eq(companies.id, websites.companyId))
    .leftJoin(siteMonitors, eq(siteMonitors.websiteId, websites.id))
    .orderBy(asc(websites.domain));
  const live = siteRows.filter((row) => isLive(row.status));
  const uptimes = await liveUptimes(
    db,
    live.map((row) => row.websiteId),
    now,
  );
  // Down first, then unknown, then up: what needs a look is on top. Each group stays in the
  // query's order, by domain (the sort is stable).
  const rank = { down: 0, unknown: 1, up: 2 } as const;
  const sites = live
    .map((row) => ({
      websiteId: row.websiteId,
      domain: row.domain,
      companyId: row.companyId,
      companyName: row.companyName,
      status: (row.health ?? "unknown") as "up" | "down" | "unknown",
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastResponseMs: row.lastResponseMs,
      lastStatusCode: row.lastStatusCode,
      uptimePercent: uptimes.get(row.websiteId) ?? null,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status]);

  const horizon = new Date(now.getTime() + EXPIRY_WINDOW_DAYS * DAY_MS);
  const oldest = new Date(now.getTime() - EXPIRED_SHOWN_DAYS * DAY_MS);
  const [open, recent, certificates, domainRows] = await Promise.all([
    readIncidents(db, isNull(monitorIncidents.endedAt), asc(monitorIncidents.startedAt)),
    readIncidents(
      db,
      and(
        isNotNull(monitorIncidents.endedAt),
        gte(monitorIncidents.endedAt, new Date(now.getTime() - RECENT_INCIDENT_DAYS * DAY_MS)),
      ),
      desc(monitorIncidents.endedAt),
    ),
    db
      .select({
        id: websites.id,
        name: websites.domain,
        status: websites.status,
        companyId: companies.id,
        companyName: companies.name,
        expiresAt: siteMonitors.certExpiresAt,
      })
      .from(siteMonitors)
      .innerJoin(websites, eq(websites.id, siteMonitors.websiteId))
      .innerJoin(companies, eq(companies.id, websites.companyId))
      .where(
        and(lte(siteMonitors.certExpiresAt, horizon), gte(siteMonitors.certExpiresAt, oldest)),
      ),
    db
      .select({
        id: domains.id,
        name: domains.domain,
        autoRenew: domains.autoRenew,
        companyId: companies.id,
        companyName: companies.name,
        expiresAt: domainExpiresAt,
      })
      .from(domains)
      .innerJoin(companies, eq(companies.id, domains.companyId))
      .where(and(lte(domainExpiresAt, horizon), gte(domainExpiresAt, oldest))),
  ]);

  const daysLeft = (at: Date) => Math.ceil((at.getTime() - now.getTime()) / DAY_MS);
  const expiring: Expiring[] = [
    // A certificate matters while the site is live; a paused site's old one is no news.
    ...certificates
      .filter((row) => isLive(row.status))
      .map((row) => ({
        kind: "certificate" as const,
        id: row.id,
        name: row.name,
        companyId: row.companyId,
        companyName: row.companyName,
        expiresAt: row.expiresAt!.toISOString(),
        daysLeft: daysLeft(row.expiresAt!),
        autoRenew: null,
      })),
    ...domainRows.map((row) => ({
      kind: "domain" as const,
      id: row.id,
      name: row.name,
      companyId: row.companyId,
      companyName: row.companyName,
      expiresAt: row.expiresAt!.toISOString(),
      daysLeft: daysLeft(row.expiresAt!),
      autoRenew: row.autoRenew,
    })),
  ].sort((a, b) => compareText(a.expiresAt, b.expiresAt) || compareText(a.name, b.name));

  // Live sites' heartbeats: down first, then those not heard from yet, then the rest by site.
  const jobs = await db
    .select({
      heartbeat: heartbeats,
      domain: websites.domain,
      status: websites.status,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(heartbeats)
    .innerJoin(websites, eq(websites.id, heartbeats.websiteId))
    .innerJoin(companies, eq(companies.id, websites.companyId))
    .orderBy(asc(websites.domain), asc(heartbeats.createdAt));
  const stateRank = { down: 0, new: 1, up: 2 } as const;
  const monitoredHeartbeats: MonitoredHeartbeat[] = jobs
    .filter((row) => isLive(row.status))
    .map((row) => ({
      ...heartbeatView(row.heartbeat),
      domain: row.domain,
      companyId: row.companyId,
      companyName: row.companyName,
    }))
    .sort((a, b) => stateRank[a.state] - stateRank[b.state]);

  return {
    generatedAt: now.toISOString(),
    sites,
    openIncidents: open,
    recentIncidents: recent,
    expiring,
    heartbeats: monitoredHeartbeats,
  };
}
