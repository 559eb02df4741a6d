import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  EXPIRY_WINDOW_DAYS,
  RECENT_INCIDENT_DAYS,
  type Expiring,
  type LiveSite,
  type MonitoredSite,
  type MonitoringOverview,
  type MonitoringOverviewQuery,
} from "@shared/schemas/monitoring-overview";
import { isLive } from "@shared/schemas/websites";
import { compareText } from "@shared/compare-text";
import { heartbeatView, type MonitoredHeartbeat } from "@shared/schemas/heartbeats";
import type { Db } from "../db/client";
import {
  companies,
  domainExpiresAt,
  domains,
  heartbeats,
  liveWebsite,
  monitorIncidents,
  siteMonitors,
  websites,
} from "../db/schema";
import { readIncidents } from "../monitoring/incident-reading";
import { siteFigures } from "./figures";

const DAY_MS = 86_400_000;
/** Expired certificates and domains stay listed this long, then they are someone's decision. */
const EXPIRED_SHOWN_DAYS = 30;

/** A site's state as the monitor last saw it: unknown until its first check, or unmonitored. */
const health = sql<MonitoredSite["status"]>`coalesce(${siteMonitors.status}, 'unknown')`;

/**
 * What staff see at /admin/monitoring: how many live sites are up, down or not checked yet, and
 * a page of them with each one's state now and 30-day uptime (a page, so that the answer and its
 * work do not grow with the agency's sites); the open incidents and those closed in the last
 * week; and certificates and domains expiring within 30 days, soonest first.
 */
export async function monitoringOverview(
  db: Db,
  query: MonitoringOverviewQuery,
  now = new Date(),
): Promise<MonitoringOverview> {
  const [pageRows, countRows] = await Promise.all([
    db
      .select({
        websiteId: websites.id,
        domain: websites.domain,
        companyId: companies.id,
        companyName: companies.name,
        status: health,
        lastCheckedAt: siteMonitors.lastCheckedAt,
        lastResponseMs: siteMonitors.lastResponseMs,
        lastStatusCode: siteMonitors.lastStatusCode,
      })
      .from(websites)
      .innerJoin(companies, eq(companies.id, websites.companyId))
      .leftJoin(siteMonitors, eq(siteMonitors.websiteId, websites.id))
      .where(liveWebsite)
      // Down first, then unknown, then up: what needs a look is on top.
      .orderBy(
        sql`case ${health} when 'down' then 0 when 'unknown' then 1 else 2 end`,
        asc(websites.domain),
        asc(websites.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ status: health, sites: count() })
      .from(websites)
      .leftJoin(siteMonitors, eq(siteMonitors.websiteId, websites.id))
      .where(liveWebsite)
      .groupBy(health),
  ]);
  // The uptimes of this page's sites only: 2,000 sites' would be 100,000 roll-ups a request.
  const figures = await siteFigures(
    db,
    pageRows.map((row) => ({ id: row.websiteId, live: true })),
    now,
  );
  const sites = pageRows.map((row) => ({
    ...row,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    uptimePercent: figures.get(row.websiteId)?.uptimePercent ?? null,
  }));
  const counted = (status: MonitoredSite["status"]) =>
    countRows.find((row) => row.status === status)?.sites ?? 0;
  const siteCounts = {
    live: countRows.reduce((total, row) => total + row.sites, 0),
    up: counted("up"),
    down: counted("down"),
    unknown: counted("unknown"),
  };

  const horizon = new Date(now.getTime() + EXPIRY_WINDOW_DAYS * DAY_MS);
  const oldest = new Date(now.getTime() - EXPIRED_SHOWN_DAYS * DAY_MS);
  // None of these reads needs another's answer (the heartbeats' included), so they run at once.
  const [open, recent, certificates, domainRows, jobs] = await Promise.all([
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
    db
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
      .orderBy(asc(websites.domain), asc(heartbeats.createdAt)),
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
    siteCounts,
    sites,
    page: query.page,
    pageSize: query.pageSize,
    openIncidents: open,
    recentIncidents: recent,
    expiring,
    heartbeats: monitoredHeartbeats,
  };
}

/** Every live site by domain, named for the real-user speed picker. */
export function liveSites(db: Db): Promise<LiveSite[]> {
  return db
    .select({ websiteId: websites.id, domain: websites.domain, companyName: companies.name })
    .from(websites)
    .innerJoin(companies, eq(companies.id, websites.companyId))
    .where(liveWebsite)
    .orderBy(asc(websites.domain), asc(websites.id));
}
