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

/**
 * What staff see at /admin/monitoring: every live site's state now with its 30-day uptime, the
 * open incidents and those closed in the last week, and certificates and domains expiring within
 * 30 days, soonest first.
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
  const figures = await siteFigures(
    db,
    live.map((row) => ({ id: row.websiteId, live: true })),
    now,
  );
  // Down first, then unknown, then up: what needs a look is on top.
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
      uptimePercent: figures.get(row.websiteId)?.uptimePercent ?? null,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status] || a.domain.localeCompare(b.domain));

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
  ].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.name.localeCompare(b.name));

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
