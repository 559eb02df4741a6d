import { asc, inArray } from "drizzle-orm";
import type { IncidentUpdate } from "@shared/schemas/status-pages";
import type { DbExecutor } from "../db/client";
import { incidentUpdates } from "../db/schema";

/**
 * Staff's updates on some incidents, oldest first, by incident id: what the status pages, the
 * back office and the portal show with each incident. An incident with none is not in the map.
 */
export async function updatesOf(
  db: DbExecutor,
  incidentIds: string[],
): Promise<Map<string, IncidentUpdate[]>> {
  const byIncident = new Map<string, IncidentUpdate[]>();
  if (incidentIds.length === 0) return byIncident;
  const rows = await db
    .select()
    .from(incidentUpdates)
    .where(inArray(incidentUpdates.incidentId, incidentIds))
    .orderBy(asc(incidentUpdates.createdAt), asc(incidentUpdates.id));
  for (const row of rows) {
    const updates = byIncident.get(row.incidentId) ?? [];
    updates.push({
      id: row.id,
      status: row.status,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    });
    byIncident.set(row.incidentId, updates);
  }
  return byIncident;
}
