import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import { findIncident } from "./incident-reading";
import type { Db } from "../db/client";
import {
  monitorChecks,
  monitorIncidents,
  monitorRollups,
  siteMonitors,
  type Website,
} from "../db/schema";
import {
  noticeIncident,
  siteIncidentNotice,
  type SiteNoticeSettings,
} from "../notices/site-notices";
import { siteInMaintenance } from "./maintenance";
import { checkAddress, type ProbeResult } from "./probe";

/*
 * What one check of a live site changes: its history (raw and rolled up by hour and day), its
 * monitor's state, and its incidents with their down and recovery emails.
 */

/** After a first failure the site is checked again this soon, not a whole interval later. */
export const RETRY_AFTER_MS = 20_000;
/** No down email within this long of the site's last recovery email (a flapping site). */
export const ALERT_QUIET_MS = 30 * 60_000;

export const DAY_MS = 86_400_000;

/** Start of the UTC hour and of the UTC day of a moment. */
export const hourOf = (moment: Date) =>
  new Date(Math.floor(moment.getTime() / 3_600_000) * 3_600_000);
export const dayStartOf = (moment: Date) =>
  new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);

export type ClaimedSite = Pick<
  Website,
  "id" | "companyId" | "domain" | "checkUrl" | "checkKeyword" | "checkKeywordMustBe"
>;

/** What a recorded check did besides keeping its history. */
export type CheckRecorded = {
  incidentOpened: boolean;
  incidentClosed: boolean;
  emailsQueued: number;
};

/**
 * Records one check: the raw row, the hour and day roll-ups, the monitor's state, and on the
 * second failure in a row an incident (the partial unique index allows one open per site; a
 * heartbeat's incidents are its own and left alone here) with
 * its down email; on the first success after it, the incident's close and its recovery email.
 * Inside a maintenance window the check is kept and counted apart (not in uptime), and a failure
 * opens no incident and sends no email.
 */
export async function recordCheck(
  db: Db,
  site: ClaimedSite,
  result: ProbeResult,
  now: Date,
  settings: SiteNoticeSettings,
): Promise<CheckRecorded> {
  return db.transaction(async (tx) => {
    const recorded = { incidentOpened: false, incidentClosed: false, emailsQueued: 0 };
    const [state] = await tx
      .select()
      .from(siteMonitors)
      .where(eq(siteMonitors.websiteId, site.id))
      .for("update");
    if (!state) return recorded;
    const inMaintenance = await siteInMaintenance(tx, site.id, now);
    await tx.insert(monitorChecks).values({
      websiteId: site.id,
      checkedAt: now,
      ok: result.ok,
      statusCode: result.statusCode,
      responseMs: result.responseMs,
      cause: result.cause,
      certExpiresAt: result.certExpiresAt,
      inMaintenance,
    });
    const counted = inMaintenance ? 0 : 1;
    const maintenance = inMaintenance ? 1 : 0;
    const up = result.ok ? counted : 0;
    const responseMs = up ? result.responseMs : 0;
    for (const [granularity, periodStart] of [
      ["hour", hourOf(now)],
      ["day", dayStartOf(now)],
    ] as const) {
      await tx
        .insert(monitorRollups)
        .values({
          websiteId: site.id,
          granularity,
          periodStart,
          checks: counted,
          up,
          responseMsSum: responseMs,
          maintenance,
        })
        .onConflictDoUpdate({
          target: [
            monitorRollups.websiteId,
            monitorRollups.granularity,
            monitorRollups.periodStart,
          ],
          set: {
            checks: sql`${monitorRollups.checks} + ${counted}`,
            up: sql`${monitorRollups.up} + ${up}`,
            responseMsSum: sql`${monitorRollups.responseMsSum} + ${responseMs}`,
            maintenance: sql`${monitorRollups.maintenance} + ${maintenance}`,
          },
        });
    }

    const failures = result.ok ? 0 : state.consecutiveFailures + 1;
    const status = result.ok
      ? "up"
      : failures >= 2
        ? "down"
        : state.status === "down"
          ? "down"
          : state.status;
    await tx
      .update(siteMonitors)
      .set({
        status,
        consecutiveFailures: failures,
        lastCheckedAt: now,
        lastStatusCode: result.statusCode,
        // A failed check did not answer: no response time to show for it.
        lastResponseMs: result.ok ? result.responseMs : null,
        lastCause: result.cause,
        ...(result.certExpiresAt ? { certExpiresAt: result.certExpiresAt } : {}),
        // A first failure is checked again soon: one failed request is not yet an outage.
        ...(failures === 1 ? { nextCheckAt: new Date(now.getTime() + RETRY_AFTER_MS) } : {}),
      })
      .where(eq(siteMonitors.websiteId, site.id));

    const address = checkAddress(site);
    if (!result.ok && failures >= 2 && !inMaintenance) {
      const [opened] = await tx
        .insert(monitorIncidents)
        .values({
          websiteId: site.id,
          cause: result.cause ?? "error",
          detail: result.detail?.slice(0, 300) ?? null,
          startedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      recorded.incidentOpened = opened !== undefined;
      if (opened)
        await recordWebhookEvent(tx, "incident.opened", await findIncident(tx, opened.id), {
          companyId: site.companyId,
        });
      // The open incident's down email, unless sent already or held back (flapping).
      const [lastRecovery] = await tx
        .select({ at: sql<string | null>`max(${monitorIncidents.endedAt})` })
        .from(monitorIncidents)
        .where(
          and(
            eq(monitorIncidents.websiteId, site.id),
            isNull(monitorIncidents.heartbeatId),
            sql`${monitorIncidents.alertedAt} is not null`,
            sql`${monitorIncidents.endedAt} is not null`,
          ),
        );
      const quietUntil = lastRecovery?.at
        ? new Date(lastRecovery.at).getTime() + ALERT_QUIET_MS
        : 0;
      if (now.getTime() >= quietUntil) {
        const [alerted] = await tx
          .update(monitorIncidents)
          .set({ alertedAt: now })
          .where(
            and(
              eq(monitorIncidents.websiteId, site.id),
              isNull(monitorIncidents.heartbeatId),
              isNull(monitorIncidents.endedAt),
              isNull(monitorIncidents.alertedAt),
              ne(monitorIncidents.cause, "manual"),
            ),
          )
          .returning();
        if (alerted) {
          const incident = {
            id: alerted.id,
            startedAt: alerted.startedAt,
            detail: alerted.detail ?? alerted.cause,
          };
          recorded.emailsQueued += await noticeIncident(
            tx,
            siteIncidentNotice("down", { ...site, address }, incident, settings),
            settings,
          );
        }
      }
    } else if (result.ok) {
      const [closed] = await tx
        .update(monitorIncidents)
        .set({ endedAt: now })
        .where(
          and(
            eq(monitorIncidents.websiteId, site.id),
            isNull(monitorIncidents.heartbeatId),
            isNull(monitorIncidents.endedAt),
            // A manual incident is staff's to close.
            ne(monitorIncidents.cause, "manual"),
          ),
        )
        .returning();
      if (closed) {
        recorded.incidentClosed = true;
        await recordWebhookEvent(tx, "incident.resolved", await findIncident(tx, closed.id), {
          companyId: site.companyId,
        });
        if (closed.alertedAt) {
          const incident = {
            id: closed.id,
            startedAt: closed.startedAt,
            endedAt: now,
            detail: closed.detail ?? closed.cause,
          };
          recorded.emailsQueued += await noticeIncident(
            tx,
            siteIncidentNotice("recovered", { ...site, address }, incident, settings),
            settings,
          );
        }
      }
    }
    return recorded;
  });
}
