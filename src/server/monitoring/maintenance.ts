import { and, asc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  MAINTENANCE_NOTICE_AHEAD_HOURS,
  type MaintenanceWindow,
} from "@shared/schemas/maintenance";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import {
  maintenanceWindows,
  maintenanceWindowSites,
  websites,
  type MaintenanceWindowRow,
} from "../db/schema";
import { conflict, invalid, notFound, ok, type Outcome } from "../domain-failure";
import { noticeMaintenance } from "../notices/maintenance-notices";
import type { NoticeSettings } from "../notices/notices";

/*
 * Maintenance windows: staff schedule them on some of a client's sites; the monitor keeps
 * checking inside them but opens no incident (site-checks.ts) and counts their checks apart from
 * uptime (the roll-ups' `maintenance`); the client's members are told 48 hours ahead and at the
 * start, each once across instances.
 */

/** A start this little in the past is taken as "now" (the form's clock, the request's travel). */
export const START_GRACE_MS = 5 * 60_000;

/** A window with its sites, as listMaintenanceWindows answers it. */
export type WindowWithSites = Pick<
  MaintenanceWindowRow,
  "id" | "companyId" | "startsAt" | "endsAt" | "note"
> & { sites: { id: string; domain: string }[] };

/** Whether a site is inside a (not cancelled) maintenance window at a moment. */
export async function siteInMaintenance(
  db: DbExecutor,
  websiteId: string,
  at: Date,
): Promise<boolean> {
  return (await sitesInMaintenance(db, [{ id: websiteId, at }])).has(websiteId);
}

/** Which of some sites are inside a (not cancelled) maintenance window, each at its moment. */
export async function sitesInMaintenance(
  db: DbExecutor,
  sites: { id: string; at: Date }[],
): Promise<Set<string>> {
  if (sites.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select v.id from jsonb_to_recordset(${JSON.stringify(sites)}::jsonb)
      as v(id uuid, at timestamptz)
      where exists (
        select 1 from ${maintenanceWindows} w
        join ${maintenanceWindowSites} ws on ws.window_id = w.id
        where ws.website_id = v.id and w.cancelled_at is null
          and w.starts_at <= v.at and w.ends_at > v.at
      )`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The windows (not cancelled) covering any of some websites that overlap [from, to), soonest
 * first, each with those of its sites that are among the websites asked for. For any page that
 * shows a site's maintenance (the portal, a status page).
 */
export async function listMaintenanceWindows(
  db: DbExecutor,
  websiteIds: string[],
  range: { from: Date; to: Date },
): Promise<WindowWithSites[]> {
  if (websiteIds.length === 0) return [];
  const rows = await db
    .select({
      id: maintenanceWindows.id,
      companyId: maintenanceWindows.companyId,
      startsAt: maintenanceWindows.startsAt,
      endsAt: maintenanceWindows.endsAt,
      note: maintenanceWindows.note,
      siteId: websites.id,
      domain: websites.domain,
    })
    .from(maintenanceWindows)
    .innerJoin(maintenanceWindowSites, eq(maintenanceWindowSites.windowId, maintenanceWindows.id))
    .innerJoin(websites, eq(websites.id, maintenanceWindowSites.websiteId))
    .where(
      and(
        inArray(maintenanceWindowSites.websiteId, websiteIds),
        isNull(maintenanceWindows.cancelledAt),
        lt(maintenanceWindows.startsAt, range.to),
        gt(maintenanceWindows.endsAt, range.from),
      ),
    )
    .orderBy(asc(maintenanceWindows.startsAt), asc(websites.domain));
  const windows = new Map<string, WindowWithSites>();
  for (const { siteId, domain, ...window } of rows) {
    const entry = windows.get(window.id) ?? { ...window, sites: [] };
    entry.sites.push({ id: siteId, domain });
    windows.set(window.id, entry);
  }
  return [...windows.values()];
}

/** The sites of one window, by domain. */
export function windowSites(db: DbExecutor, windowId: string) {
  return db
    .select({ id: websites.id, domain: websites.domain })
    .from(maintenanceWindowSites)
    .innerJoin(websites, eq(websites.id, maintenanceWindowSites.websiteId))
    .where(eq(maintenanceWindowSites.windowId, windowId))
    .orderBy(asc(websites.domain));
}

/** A window as the API answers it. */
export const windowView = (window: WindowWithSites, now: Date): MaintenanceWindow => ({
  id: window.id,
  startsAt: window.startsAt.toISOString(),
  endsAt: window.endsAt.toISOString(),
  note: window.note,
  sites: window.sites,
  state: window.startsAt > now ? "upcoming" : window.endsAt > now ? "ongoing" : ("over" as const),
});

/** A company's windows that end after `since` (default: now), soonest first. */
export async function companyMaintenanceWindows(
  db: DbExecutor,
  companyId: string,
  now: Date,
  since = now,
): Promise<MaintenanceWindow[]> {
  const sites = await db
    .select({ id: websites.id })
    .from(websites)
    .where(eq(websites.companyId, companyId));
  const windows = await listMaintenanceWindows(
    db,
    sites.map((site) => site.id),
    { from: since, to: new Date("9999-12-31T00:00:00Z") },
  );
  return windows.map((window) => windowView(window, now));
}

/**
 * Schedules a window on some of a company's websites. Refused: a site that is not the
 * company's, and a window already over or whose start is past (uptime measured is not rewritten).
 * The end after the start and the longest span are the input schema's rules.
 */
export async function scheduleMaintenanceWindow(
  tx: DbExecutor,
  companyId: string,
  input: { websiteIds: string[]; startsAt: string; endsAt: string; note: string },
  now: Date,
  createdBy: string | null,
): Promise<Outcome<MaintenanceWindowRow>> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= now)
    return invalid("The window is over already: its end must be in the future", "endsAt");
  if (startsAt.getTime() < now.getTime() - START_GRACE_MS) {
    return invalid("Start must not be in the past", "startsAt");
  }
  if (endsAt <= startsAt) return invalid("End must be after the start", "endsAt");
  const ids = [...new Set(input.websiteIds)];
  const owned = await tx
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.companyId, companyId), inArray(websites.id, ids)));
  if (owned.length !== ids.length) {
    return invalid("Choose websites of this client only", "websiteIds");
  }
  const [window] = await tx
    .insert(maintenanceWindows)
    .values({
      companyId,
      startsAt: startsAt < now ? now : startsAt,
      endsAt,
      note: input.note,
      createdBy,
    })
    .returning();
  await tx
    .insert(maintenanceWindowSites)
    .values(ids.map((websiteId) => ({ windowId: window!.id, websiteId })));
  return ok(window!);
}

/**
 * Cancels a window not yet over: from now on it suppresses nothing, and no notice of it is due.
 * The client's members who were told of it (48 hours ahead, or at its start) hear it is
 * cancelled, in the same transaction.
 */
export async function cancelMaintenanceWindow(
  tx: DbExecutor,
  id: string,
  now: Date,
  settings: NoticeSettings,
): Promise<Outcome<MaintenanceWindowRow>> {
  const [row] = await tx
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.id, id), isNull(maintenanceWindows.cancelledAt)))
    .for("update");
  if (!row) return notFound("Maintenance window not found");
  if (row.endsAt <= now) return conflict("The window is over: it stays on the record");
  const [cancelled] = await tx
    .update(maintenanceWindows)
    .set({ cancelledAt: now })
    .where(eq(maintenanceWindows.id, id))
    .returning();
  if (row.aheadNoticeAt || row.startNoticeAt) {
    await noticeMaintenance(tx, "cancelled", row, await windowSites(tx, id), settings);
  }
  return ok(cancelled!);
}

/**
 * The notices due: 48 hours ahead of a window (sent at once for a window scheduled closer than
 * that, while it has not started) and at its start (while it is not over: after downtime, a
 * start notice of a window already over is not sent). Each is claimed by setting its column in
 * the statement that selects it, so one instance sends it, in the transaction of its emails.
 */
export async function sendMaintenanceNotices(
  db: Db,
  now: Date,
  settings: NoticeSettings,
): Promise<{ notices: number; emailsQueued: number }> {
  const sent = { notices: 0, emailsQueued: 0 };
  const ahead = new Date(now.getTime() + MAINTENANCE_NOTICE_AHEAD_HOURS * 3_600_000);
  const phases = [
    {
      phase: "ahead" as const,
      column: sql`ahead_notice_at`,
      due: sql`starts_at > ${now} and starts_at <= ${ahead}`,
    },
    {
      phase: "started" as const,
      column: sql`start_notice_at`,
      due: sql`starts_at <= ${now} and ends_at > ${now}`,
    },
  ];
  for (const { phase, column, due } of phases) {
    await db.transaction(async (tx) => {
      const claimed = await queryRows<{ id: string }>(
        tx,
        sql`
        update maintenance_windows set ${column} = ${now}
        where id in (
          select id from maintenance_windows
          where ${column} is null and cancelled_at is null and ${due}
          limit 50
          for update skip locked
        )
        returning id`,
      );
      const ids = claimed.map((row) => row.id);
      if (ids.length === 0) return;
      const rows = await tx
        .select()
        .from(maintenanceWindows)
        .where(inArray(maintenanceWindows.id, ids));
      for (const window of rows) {
        const sites = await windowSites(tx, window.id);
        sent.notices++;
        sent.emailsQueued += await noticeMaintenance(tx, phase, window, sites, settings);
      }
    });
  }
  return sent;
}
