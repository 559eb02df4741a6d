import { and, desc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import type {
  IncidentUpdateInput,
  IncidentWithUpdates,
  ManualIncidentInput,
} from "@shared/schemas/status-pages";
import { clientLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import {
  incidentUpdates,
  monitorIncidents,
  websites,
  type IncidentUpdateStatus,
} from "../db/schema";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";
import { updatesOf } from "../monitoring/incident-updates";
import { companyUsers, notify } from "../notices/notices";
import { tellSubscribers, type SubscriberSettings } from "./subscriptions";

type IncidentRow = typeof monitorIncidents.$inferSelect;

/** How an incident is named for people: staff's title, or what the monitor saw. */
export const incidentTitle = (incident: Pick<IncidentRow, "title" | "detail" | "cause">) =>
  incident.title ?? `Site unreachable (${incident.detail ?? incident.cause})`;

/**
 * The incidents of some sites that were open at some time since `since`, newest first, each with
 * its updates (oldest first). A public page leaves out the missed beats of a site's jobs (its
 * backups): they are the agency's to fix, not news for the client's own visitors.
 */
export async function incidentsWithUpdates(
  db: DbExecutor,
  websiteIds: string[] | "all",
  since: Date,
  { jobs = true }: { jobs?: boolean } = {},
): Promise<IncidentWithUpdates[]> {
  if (websiteIds.length === 0) return [];
  const rows = await db
    .select({ incident: monitorIncidents, domain: websites.domain })
    .from(monitorIncidents)
    .innerJoin(websites, eq(websites.id, monitorIncidents.websiteId))
    .where(
      and(
        websiteIds === "all" ? undefined : inArray(monitorIncidents.websiteId, websiteIds),
        or(isNull(monitorIncidents.endedAt), gte(monitorIncidents.endedAt, since)),
        jobs ? undefined : isNull(monitorIncidents.heartbeatId),
      ),
    )
    .orderBy(desc(monitorIncidents.startedAt))
    .limit(100);
  const updates = await updatesOf(
    db,
    rows.map((row) => row.incident.id),
  );
  return rows.map(({ incident, domain }) => ({
    id: incident.id,
    websiteId: incident.websiteId,
    domain,
    title: incidentTitle(incident),
    manual: incident.cause === "manual",
    startedAt: incident.startedAt.toISOString(),
    endedAt: incident.endedAt?.toISOString() ?? null,
    updates: updates.get(incident.id) ?? [],
  }));
}

/** Every site's incidents of the last 30 days, with their updates: the back office's list. */
export const recentIncidentsWithUpdates = (db: DbExecutor, now = new Date()) =>
  incidentsWithUpdates(db, "all", new Date(now.getTime() - 30 * 86_400_000));

/** The update's news for the client's users (bell and email) and the pages' subscribers. */
async function tellOfUpdate(
  tx: DbExecutor,
  incident: IncidentRow,
  site: { id: string; domain: string; companyId: string },
  update: { id: string; status: IncidentUpdateStatus; message: string; createdAt: Date },
  settings: SubscriberSettings,
) {
  const title = incidentTitle(incident);
  await notify(tx, {
    kind: "site-incident",
    key: `incident-update:${update.id}`,
    recipients: await companyUsers(tx, site.companyId),
    companyId: site.companyId,
    title: `${site.domain}: ${update.status}: ${title}`,
    body: update.message,
    link: clientLinks.site(site.id),
  });
  await tellSubscribers(tx, site.id, { title, domain: site.domain }, update, settings);
}

async function siteOf(tx: DbExecutor, websiteId: string) {
  const [site] = await tx
    .select({ id: websites.id, domain: websites.domain, companyId: websites.companyId })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return site;
}

/**
 * Posts staff's update on an incident: shown on the status pages and in the portal, told to the
 * client's users and mailed to the pages' subscribers. "resolved" closes a manual incident (the
 * monitor closes its own when the site answers again).
 */
export async function postIncidentUpdate(
  tx: DbExecutor,
  incidentId: string,
  input: IncidentUpdateInput & { status: IncidentUpdateStatus; message: string },
  authorId: string | null,
  settings: SubscriberSettings,
  now = new Date(),
): Promise<Outcome<{ id: string; companyId: string }>> {
  const [incident] = await tx
    .select()
    .from(monitorIncidents)
    .where(eq(monitorIncidents.id, incidentId))
    .for("update");
  if (!incident) return notFound("Incident not found");
  const site = (await siteOf(tx, incident.websiteId))!;
  if (incident.cause === "manual" && incident.endedAt && input.status !== "resolved") {
    return conflict("This incident is resolved: open a new one for a new outage");
  }
  const [update] = await tx
    .insert(incidentUpdates)
    .values({
      incidentId,
      status: input.status,
      message: input.message,
      authorId,
      createdAt: now,
    })
    .returning();
  if (incident.cause === "manual" && input.status === "resolved" && !incident.endedAt) {
    await tx
      .update(monitorIncidents)
      .set({ endedAt: now })
      .where(eq(monitorIncidents.id, incidentId));
  }
  await tellOfUpdate(tx, incident, site, update!, settings);
  return ok({ id: update!.id, companyId: site.companyId });
}

/** Opens an incident by hand, for an outage the monitor cannot see, with its first update. */
export async function openManualIncident(
  tx: DbExecutor,
  input: ManualIncidentInput & { status: IncidentUpdateStatus; title: string; message: string },
  authorId: string | null,
  settings: SubscriberSettings,
  now = new Date(),
): Promise<Outcome<{ id: string; companyId: string }>> {
  const site = await siteOf(tx, input.websiteId);
  if (!site) return notFound("Website not found");
  const [incident] = await tx
    .insert(monitorIncidents)
    .values({
      websiteId: site.id,
      cause: "manual",
      title: input.title,
      startedAt: now,
      ...(input.status === "resolved" ? { endedAt: now } : {}),
    })
    .returning();
  const [update] = await tx
    .insert(incidentUpdates)
    .values({
      incidentId: incident!.id,
      status: input.status,
      message: input.message,
      authorId,
      createdAt: now,
    })
    .returning();
  await tellOfUpdate(tx, incident!, site, update!, settings);
  return ok({ id: incident!.id, companyId: site.companyId });
}
