import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { compareText } from "@shared/compare-text";
import { recordWebhookEvent } from "../webhooks/events";
import { findIncident } from "./incident-reading";
import { queryRows, type Db, type DbExecutor } from "../db/client";
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
import { sitesInMaintenance } from "./maintenance";
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
type MonitorIncident = typeof monitorIncidents.$inferSelect;

export type CheckRecorded = {
  incidentOpened: boolean;
  incidentClosed: boolean;
  emailsQueued: number;
};

/** A check made, to be recorded: the site claimed, what its probe saw, and when. */
export type CheckMade = { site: ClaimedSite; result: ProbeResult; at: Date };

/**
 * Records checks: for each, the raw row, the hour and day roll-ups, the monitor's state, and on
 * the second failure in a row an incident (the partial unique index allows one open per site; a
 * heartbeat's incidents are its own and left alone here) with its down email; on the first
 * success after it, the incident's close and its recovery email. Inside a maintenance window the
 * check is kept and counted apart (not in uptime), and a failure opens no incident and sends no
 * email.
 *
 * All of it in one transaction, and the history and the monitors' state in one statement each for
 * the whole batch: the monitor records a few hundred checks a second, and a transaction of ten
 * statements per check took most of its time and the connections the portal's reads need. Only
 * an incident's opening or close is written check by check. A site checked twice in the batch
 * is recorded in order, one round per check.
 */
export async function recordChecks(
  db: Db,
  checks: CheckMade[],
  settings: SiteNoticeSettings,
): Promise<CheckRecorded[]> {
  const recorded = checks.map(() => ({ ...NOTHING_RECORDED }));
  if (checks.length === 0) return recorded;
  await db.transaction(async (tx) => {
    for (const round of roundsOf(checks)) {
      const done = await recordRound(
        tx,
        round.map((index) => checks[index]!),
        settings,
      );
      round.forEach((index, n) => (recorded[index] = done[n]!));
    }
  });
  return recorded;
}

const NOTHING_RECORDED: CheckRecorded = {
  incidentOpened: false,
  incidentClosed: false,
  emailsQueued: 0,
};

/** The checks' indexes in rounds in which no site appears twice, in the order they were made. */
function roundsOf(checks: CheckMade[]): number[][] {
  const rounds: number[][] = [];
  const roundOfSite = new Map<string, number>();
  checks.forEach((check, index) => {
    const round = (roundOfSite.get(check.site.id) ?? -1) + 1;
    roundOfSite.set(check.site.id, round);
    (rounds[round] ??= []).push(index);
  });
  return rounds;
}

/** Rows handed to PostgreSQL as one JSON parameter, read back by jsonb_to_recordset. */
const json = (rows: object[]) => sql`${JSON.stringify(rows)}::jsonb`;

async function recordRound(
  tx: DbExecutor,
  checks: CheckMade[],
  settings: SiteNoticeSettings,
): Promise<CheckRecorded[]> {
  const ids = checks.map((check) => check.site.id);
  // Locked in one order, so two instances' batches never wait on each other in a circle.
  const states = new Map(
    (
      await tx
        .select()
        .from(siteMonitors)
        .where(inArray(siteMonitors.websiteId, ids))
        .orderBy(siteMonitors.websiteId)
        .for("update")
    ).map((state) => [state.websiteId, state]),
  );
  const kept = checks.filter((check) => states.has(check.site.id));
  if (kept.length === 0) return checks.map(() => ({ ...NOTHING_RECORDED }));
  const inMaintenance = await sitesInMaintenance(
    tx,
    kept.map((check) => ({ id: check.site.id, at: check.at })),
  );

  const made = kept.map((check) => {
    const { site, result } = check;
    const state = states.get(site.id)!;
    const maintenance = inMaintenance.has(site.id);
    const failures = result.ok ? 0 : state.consecutiveFailures + 1;
    const status = result.ok ? "up" : failures >= 2 ? "down" : state.status;
    return { check, maintenance, failures, status };
  });

  await tx.execute(sql`
    insert into ${monitorChecks} (website_id, checked_at, ok, status_code, response_ms, cause,
      cert_expires_at, in_maintenance)
    select * from jsonb_to_recordset(${json(
      made.map(({ check: { site, result, at }, maintenance }) => ({
        website_id: site.id,
        checked_at: at.toISOString(),
        ok: result.ok,
        status_code: result.statusCode,
        response_ms: result.responseMs,
        cause: result.cause,
        cert_expires_at: result.certExpiresAt?.toISOString() ?? null,
        in_maintenance: maintenance,
      })),
    )}) as v(website_id uuid, checked_at timestamptz, ok boolean, status_code int,
      response_ms int, cause text, cert_expires_at timestamptz, in_maintenance boolean)`);

  await tx.execute(sql`
    insert into ${monitorRollups} (website_id, granularity, period_start, checks, up,
      response_ms_sum, maintenance)
    select * from jsonb_to_recordset(${json(rollupsOf(made))}) as v(website_id uuid,
      granularity text, period_start timestamptz, checks int, up int, response_ms_sum bigint,
      maintenance int)
    on conflict (website_id, granularity, period_start) do update set
      checks = ${monitorRollups}.checks + excluded.checks,
      up = ${monitorRollups}.up + excluded.up,
      response_ms_sum = ${monitorRollups}.response_ms_sum + excluded.response_ms_sum,
      maintenance = ${monitorRollups}.maintenance + excluded.maintenance`);

  await tx.execute(sql`
    update ${siteMonitors} m set
      status = v.status,
      consecutive_failures = v.failures,
      last_checked_at = v.at,
      last_status_code = v.status_code,
      last_response_ms = v.response_ms,
      last_cause = v.cause,
      cert_expires_at = coalesce(v.cert_expires_at, m.cert_expires_at),
      next_check_at = coalesce(v.retry_at, m.next_check_at)
    from jsonb_to_recordset(${json(
      made.map(({ check: { site, result, at }, failures, status }) => ({
        website_id: site.id,
        status,
        failures,
        at: at.toISOString(),
        status_code: result.statusCode,
        // A failed check did not answer: no response time to show for it.
        response_ms: result.ok ? result.responseMs : null,
        cause: result.cause,
        cert_expires_at: result.certExpiresAt?.toISOString() ?? null,
        // A first failure is checked again soon: one failed request is not yet an outage.
        retry_at: failures === 1 ? new Date(at.getTime() + RETRY_AFTER_MS).toISOString() : null,
      })),
    )}) as v(website_id uuid, status text, failures int, at timestamptz, status_code int,
      response_ms int, cause text, cert_expires_at timestamptz, retry_at timestamptz)
    where m.website_id = v.website_id`);

  const recorded = new Map<string, CheckRecorded>();
  for (const { check, maintenance, failures } of made) {
    if (!check.result.ok && failures >= 2 && !maintenance)
      recorded.set(check.site.id, await openIncident(tx, check, settings));
  }
  const recoveries = made.filter(({ check }) => check.result.ok).map(({ check }) => check);
  for (const [check, closed] of await closeIncidents(tx, recoveries))
    recorded.set(check.site.id, await incidentClosed(tx, check, closed, settings));
  return checks.map((check) => recorded.get(check.site.id) ?? { ...NOTHING_RECORDED });
}

type RollupIncrement = {
  website_id: string;
  granularity: "hour" | "day";
  period_start: string;
  checks: number;
  up: number;
  response_ms_sum: number;
  maintenance: number;
};

/** The hour and day roll-ups' increments of some checks, one row per site and period. */
function rollupsOf(made: { check: CheckMade; maintenance: boolean }[]): RollupIncrement[] {
  const rows = new Map<string, RollupIncrement>();
  for (const { check, maintenance } of made) {
    const counted = maintenance ? 0 : 1;
    const up = check.result.ok ? counted : 0;
    for (const [granularity, start] of [
      ["hour", hourOf(check.at)],
      ["day", dayStartOf(check.at)],
    ] as const) {
      const key = `${check.site.id} ${granularity} ${start.getTime()}`;
      const row = rows.get(key) ?? {
        website_id: check.site.id,
        granularity,
        period_start: start.toISOString(),
        checks: 0,
        up: 0,
        response_ms_sum: 0,
        maintenance: 0,
      };
      row.checks += counted;
      row.up += up;
      row.response_ms_sum += up ? check.result.responseMs : 0;
      row.maintenance += maintenance ? 1 : 0;
      rows.set(key, row);
    }
  }
  // In one order, as the monitors' rows are locked.
  return [...rows.entries()].sort(([a], [b]) => compareText(a, b)).map(([, row]) => row);
}

/** A second failure in a row: the site's incident, opened unless it is, and its down email. */
async function openIncident(
  tx: DbExecutor,
  { site, result, at }: CheckMade,
  settings: SiteNoticeSettings,
): Promise<CheckRecorded> {
  const recorded = { ...NOTHING_RECORDED };
  const [opened] = await tx
    .insert(monitorIncidents)
    .values({
      websiteId: site.id,
      cause: result.cause ?? "error",
      detail: result.detail?.slice(0, 300) ?? null,
      startedAt: at,
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
  const quietUntil = lastRecovery?.at ? new Date(lastRecovery.at).getTime() + ALERT_QUIET_MS : 0;
  if (at.getTime() < quietUntil) return recorded;
  const [alerted] = await tx
    .update(monitorIncidents)
    .set({ alertedAt: at })
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
      siteIncidentNotice("down", { ...site, address: checkAddress(site) }, incident, settings),
      settings,
    );
  }
  return recorded;
}

/**
 * Closes the open incidents of sites that answered, in one statement (almost always none), and
 * answers each closed incident with its check. A manual incident is staff's to close.
 */
async function closeIncidents(
  tx: DbExecutor,
  recoveries: CheckMade[],
): Promise<[CheckMade, MonitorIncident][]> {
  if (recoveries.length === 0) return [];
  const bySite = new Map(recoveries.map((check) => [check.site.id, check]));
  const closed = await queryRows<{ id: string }>(
    tx,
    sql`
    update ${monitorIncidents} i set ended_at = v.at
    from jsonb_to_recordset(${json(
      recoveries.map(({ site, at }) => ({ website_id: site.id, at: at.toISOString() })),
    )}) as v(website_id uuid, at timestamptz)
    where i.website_id = v.website_id and i.heartbeat_id is null and i.ended_at is null
      and i.cause <> 'manual'
    returning i.id`,
  );
  const ids = closed.map((row) => row.id);
  if (ids.length === 0) return [];
  const incidents = await tx
    .select()
    .from(monitorIncidents)
    .where(inArray(monitorIncidents.id, ids));
  return incidents.map((incident) => [bySite.get(incident.websiteId)!, incident]);
}

/** A closed incident's webhook and, when its down email went out, its recovery email. */
async function incidentClosed(
  tx: DbExecutor,
  { site, at }: CheckMade,
  closed: MonitorIncident,
  settings: SiteNoticeSettings,
): Promise<CheckRecorded> {
  const recorded = { ...NOTHING_RECORDED, incidentClosed: true };
  await recordWebhookEvent(tx, "incident.resolved", await findIncident(tx, closed.id), {
    companyId: site.companyId,
  });
  if (closed.alertedAt) {
    const incident = {
      id: closed.id,
      startedAt: closed.startedAt,
      endedAt: at,
      detail: closed.detail ?? closed.cause,
    };
    recorded.emailsQueued += await noticeIncident(
      tx,
      siteIncidentNotice("recovered", { ...site, address: checkAddress(site) }, incident, settings),
      settings,
    );
  }
  return recorded;
}
