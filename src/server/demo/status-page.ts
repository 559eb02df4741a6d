import { desc, eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { incidentUpdates, monitorIncidents, statusPages, statusPageSites } from "../db/schema";

const MINUTE_MS = 60_000;

/** The demo client's status page: turned on, showing its site and the last incident's updates. */
export async function seedDemoStatusPage(
  tx: DbExecutor,
  ids: { companyId: string; websiteId: string; staffId: string },
) {
  const [page] = await tx
    .insert(statusPages)
    .values({
      companyId: ids.companyId,
      slug: "rivera-bakery",
      name: "Rivera Bakery status",
      enabled: true,
    })
    .returning({ id: statusPages.id });
  await tx.insert(statusPageSites).values({ pageId: page!.id, websiteId: ids.websiteId });
  const [incident] = await tx
    .select()
    .from(monitorIncidents)
    .where(eq(monitorIncidents.websiteId, ids.websiteId))
    .orderBy(desc(monitorIncidents.startedAt))
    .limit(1);
  if (!incident) return;
  const at = (minutes: number) => new Date(incident.startedAt.getTime() + minutes * MINUTE_MS);
  await tx.insert(incidentUpdates).values([
    {
      incidentId: incident.id,
      status: "investigating",
      message: "The site answers with an error. We are looking into it.",
      authorId: ids.staffId,
      createdAt: at(2),
    },
    {
      incidentId: incident.id,
      status: "identified",
      message: "The web server ran out of memory during a traffic spike; we are restarting it.",
      authorId: ids.staffId,
      createdAt: at(5),
    },
    {
      incidentId: incident.id,
      status: "resolved",
      message: "The site is back up, and the server now has more memory. Sorry for the trouble.",
      authorId: ids.staffId,
      createdAt: incident.endedAt ?? at(8),
    },
  ]);
}
