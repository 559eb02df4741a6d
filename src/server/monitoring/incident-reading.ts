import { asc, eq, type SQL } from "drizzle-orm";
import type { Incident } from "@shared/schemas/monitoring-overview";
import type { DbExecutor } from "../db/client";
import { companies, heartbeats, monitorIncidents, websites } from "../db/schema";

/**
 * Incidents as the API shows them (incidentSchema): the monitoring view lists them, and the
 * incident webhooks carry one, so both read them here.
 */
export async function readIncidents(
  db: DbExecutor,
  where: SQL | undefined,
  order: SQL,
  limit = 200,
): Promise<Incident[]> {
  const rows = await db
    .select({
      id: monitorIncidents.id,
      websiteId: websites.id,
      domain: websites.domain,
      companyId: companies.id,
      companyName: companies.name,
      cause: monitorIncidents.cause,
      heartbeatName: heartbeats.name,
      detail: monitorIncidents.detail,
      startedAt: monitorIncidents.startedAt,
      endedAt: monitorIncidents.endedAt,
    })
    .from(monitorIncidents)
    .innerJoin(websites, eq(websites.id, monitorIncidents.websiteId))
    .innerJoin(companies, eq(companies.id, websites.companyId))
    .leftJoin(heartbeats, eq(heartbeats.id, monitorIncidents.heartbeatId))
    .where(where)
    .orderBy(order)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds: row.endedAt
      ? Math.max(0, Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 1000))
      : null,
  }));
}

/** One incident as the API shows it, or undefined. */
export async function findIncident(db: DbExecutor, id: string): Promise<Incident | undefined> {
  const [incident] = await readIncidents(
    db,
    eq(monitorIncidents.id, id),
    asc(monitorIncidents.startedAt),
    1,
  );
  return incident;
}
