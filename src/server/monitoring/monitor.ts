import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbExecutor } from "../db/client";
import {
  companyMembers,
  domainExpiresAt,
  domains,
  expiryAlerts,
  monitorChecks,
  monitorIncidents,
  monitorRollups,
  siteMonitors,
  users,
  websites,
} from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { expiryWarningEmail } from "../mail/templates/monitoring";
import { noticeSiteIncident, type SiteNoticeSettings } from "../notices/site-notices";
import { displayName } from "../auth/display-name";
import { createPeriodicWorker } from "../scheduling/periodic";
import { checkAddress, probe, type ProbeOptions, type ProbeResult } from "./probe";
import { clientLinks, staffLinks } from "@shared/deep-links";

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;
const quiet: Log = { info() {}, warn() {}, error() {} };

/** After a first failure the site is checked again this soon, not a whole interval later. */
export const RETRY_AFTER_MS = 20_000;
/** No down email within this long of the site's last recovery email (a flapping site). */
export const ALERT_QUIET_MS = 30 * 60_000;
/** Expiry warnings, days before. */
export const EXPIRY_STAGES = [30, 14, 7] as const;
/** Raw checks are kept this long; hourly roll-ups 90 days; daily ones for good. */
export const CHECKS_KEPT_DAYS = 7;
export const HOURLY_ROLLUPS_KEPT_DAYS = 90;

const DAY_MS = 86_400_000;

export type MonitorSettings = { agencyInbox: string; publicUrl: string };

export type MonitorRunOptions = {
  db: Db;
  settings: MonitorSettings;
  /** How often each site is checked. */
  intervalMs: number;
  probe: ProbeOptions;
  now?: Date;
  /** Sites claimed per pass (the rest wait for the next pass). */
  batchSize?: number;
  /** Checks in flight at once. */
  concurrency?: number;
  /** Also delete old raw checks and hourly roll-ups. */
  prune?: boolean;
  log?: Log | undefined;
};

export type MonitorRun = {
  checked: number;
  failures: number;
  incidentsOpened: number;
  incidentsClosed: number;
  emailsQueued: number;
  expiryWarnings: number;
  errors: number;
};

/**
 * One pass of the monitor: every live site gets a monitor row, the sites due are claimed (moved
 * an interval forward in the statement that selects them, FOR UPDATE SKIP LOCKED, so another
 * instance's pass skips them), checked, and each check recorded with its incident and alert in
 * one transaction. A site overdue after downtime is claimed once: one check, not a burst.
 */
export async function runMonitorOnce(options: MonitorRunOptions): Promise<MonitorRun> {
  const now = options.now ?? new Date();
  const log = options.log ?? quiet;
  const run: MonitorRun = {
    checked: 0,
    failures: 0,
    incidentsOpened: 0,
    incidentsClosed: 0,
    emailsQueued: 0,
    expiryWarnings: 0,
    errors: 0,
  };
  const { db } = options;
  await db.execute(sql`
    insert into site_monitors (website_id, next_check_at)
    select id, ${now} from websites where status = 'active'
    on conflict do nothing`);

  // The down email says how often the site is checked.
  const siteSettings = { ...options.settings, checkIntervalSeconds: options.intervalMs / 1000 };
  const claimed = await claimDueSites(db, now, options.intervalMs, options.batchSize ?? 100);
  const queue = [...claimed];
  const workers = Array.from(
    { length: Math.min(options.concurrency ?? 8, queue.length) },
    async () => {
      for (let site = queue.shift(); site; site = queue.shift()) {
        const result = await probe(checkAddress(site), options.probe);
        try {
          await recordCheck(db, site, result, now, siteSettings, run);
          run.checked++;
          if (!result.ok) run.failures++;
        } catch (error) {
          run.errors++;
          log.error({ err: error, websiteId: site.id }, "monitor: recording a check failed");
        }
      }
    },
  );
  await Promise.all(workers);

  try {
    await sendExpiryWarnings(db, now, options.settings, run);
  } catch (error) {
    run.errors++;
    log.error({ err: error }, "monitor: expiry warnings failed");
  }
  if (options.prune) {
    try {
      await pruneMonitorHistory(db, now);
    } catch (error) {
      run.errors++;
      log.error({ err: error }, "monitor: pruning old checks failed");
    }
  }
  return run;
}

type ClaimedSite = { id: string; companyId: string; domain: string; checkUrl: string | null };

/** The due live sites, each claimed for this instance by moving its next check forward. */
async function claimDueSites(db: Db, now: Date, intervalMs: number, limit: number) {
  const next = new Date(now.getTime() + intervalMs);
  const rows = await db.execute<{ website_id: string }>(sql`
    update site_monitors set next_check_at = ${next}
    where website_id in (
      select m.website_id from site_monitors m
      join websites w on w.id = m.website_id
      where m.next_check_at <= ${now} and w.status = 'active'
      order by m.next_check_at
      limit ${limit}
      for update of m skip locked
    )
    returning website_id`);
  const ids = rowsOf<{ website_id: string }>(rows).map((row) => row.website_id);
  if (ids.length === 0) return [];
  return db
    .select({
      id: websites.id,
      companyId: websites.companyId,
      domain: websites.domain,
      checkUrl: websites.checkUrl,
    })
    .from(websites)
    .where(inArray(websites.id, ids)) as Promise<ClaimedSite[]>;
}

/** drizzle's execute answers { rows } on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Start of the UTC hour and of the UTC day of a moment. */
const hourOf = (moment: Date) => new Date(Math.floor(moment.getTime() / 3_600_000) * 3_600_000);
const dayStartOf = (moment: Date) => new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);

/** Who hears of a site's incidents and expiries: the company's owners, and staff. */
async function alertRecipients(db: DbExecutor, companyId: string) {
  const owners = await db
    .select({ user: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")));
  return owners.map(({ user }) => ({ name: displayName(user), email: user.email }));
}

/**
 * Records one check: the raw row, the hour and day roll-ups, the monitor's state, and on the
 * second failure in a row an incident (the partial unique index allows one open per site) with
 * its down email; on the first success after it, the incident's close and its recovery email.
 */
async function recordCheck(
  db: Db,
  site: ClaimedSite,
  result: ProbeResult,
  now: Date,
  settings: SiteNoticeSettings,
  run: MonitorRun,
) {
  await db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(siteMonitors)
      .where(eq(siteMonitors.websiteId, site.id))
      .for("update");
    if (!state) return;
    await tx.insert(monitorChecks).values({
      websiteId: site.id,
      checkedAt: now,
      ok: result.ok,
      statusCode: result.statusCode,
      responseMs: result.responseMs,
      cause: result.cause,
      certExpiresAt: result.certExpiresAt,
    });
    const up = result.ok ? 1 : 0;
    const responseMs = result.ok ? result.responseMs : 0;
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
          checks: 1,
          up,
          responseMsSum: responseMs,
        })
        .onConflictDoUpdate({
          target: [
            monitorRollups.websiteId,
            monitorRollups.granularity,
            monitorRollups.periodStart,
          ],
          set: {
            checks: sql`${monitorRollups.checks} + 1`,
            up: sql`${monitorRollups.up} + ${up}`,
            responseMsSum: sql`${monitorRollups.responseMsSum} + ${responseMs}`,
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

    let emailed = 0;
    const address = checkAddress(site);
    if (!result.ok && failures >= 2) {
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
      if (opened) run.incidentsOpened++;
      // The open incident's down email, unless sent already or held back (flapping).
      const [lastRecovery] = await tx
        .select({ at: sql<string | null>`max(${monitorIncidents.endedAt})` })
        .from(monitorIncidents)
        .where(
          and(
            eq(monitorIncidents.websiteId, site.id),
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
              isNull(monitorIncidents.endedAt),
              isNull(monitorIncidents.alertedAt),
            ),
          )
          .returning();
        if (alerted) {
          const incident = {
            id: alerted.id,
            startedAt: alerted.startedAt,
            detail: alerted.detail ?? alerted.cause,
          };
          emailed += await noticeSiteIncident(tx, "down", { ...site, address }, incident, settings);
        }
      }
    } else if (result.ok) {
      const [closed] = await tx
        .update(monitorIncidents)
        .set({ endedAt: now })
        .where(and(eq(monitorIncidents.websiteId, site.id), isNull(monitorIncidents.endedAt)))
        .returning();
      if (closed) {
        run.incidentsClosed++;
        if (closed.alertedAt) {
          const incident = {
            id: closed.id,
            startedAt: closed.startedAt,
            endedAt: now,
            detail: closed.detail ?? closed.cause,
          };
          emailed += await noticeSiteIncident(
            tx,
            "recovered",
            { ...site, address },
            incident,
            settings,
          );
        }
      }
    }
    run.emailsQueued += emailed;
  });
}

/* ---------------------------------------------------------------------------------------------
 * Expiry warnings.
 * ------------------------------------------------------------------------------------------- */

const dayText = (moment: Date) => moment.toISOString().slice(0, 10);

/** The most urgent warning stage reached `daysLeft` days before an expiry, if any. */
export function expiryStage(daysLeft: number): number | undefined {
  return EXPIRY_STAGES.filter((days) => daysLeft <= days).at(-1);
}

type Expiry = {
  kind: "certificate" | "domain";
  subjectId: string;
  companyId: string;
  name: string;
  expiresAt: Date;
  autoRenew: boolean;
};

/**
 * Certificates of live sites and domains expiring within 30 days (and not yet expired) are
 * warned of at 30, 14 and 7 days. Each stage is a primary key inserted in the transaction that
 * queues the email, so it is sent once; after downtime the earlier stages are recorded without
 * an email and only the most urgent one is sent. A renewed expiry date is a new key: new warnings.
 */
async function sendExpiryWarnings(db: Db, now: Date, settings: MonitorSettings, run: MonitorRun) {
  const horizon = new Date(now.getTime() + (EXPIRY_STAGES[0] + 1) * DAY_MS);
  const today = dayStartOf(now);
  const certificates = await db
    .select({
      subjectId: websites.id,
      companyId: websites.companyId,
      name: websites.domain,
      expiresAt: siteMonitors.certExpiresAt,
    })
    .from(siteMonitors)
    .innerJoin(websites, eq(websites.id, siteMonitors.websiteId))
    .where(
      and(
        eq(websites.status, "active"),
        sql`${siteMonitors.certExpiresAt} >= ${today}`,
        lt(siteMonitors.certExpiresAt, horizon),
      ),
    );
  const domainRows = await db
    .select({
      subjectId: domains.id,
      companyId: domains.companyId,
      name: domains.domain,
      expiresAt: domainExpiresAt,
      autoRenew: domains.autoRenew,
    })
    .from(domains)
    .where(and(sql`${domainExpiresAt} >= ${today}`, lt(domainExpiresAt, horizon)));
  const expiries: Expiry[] = [
    ...certificates.map((row) => ({
      ...row,
      kind: "certificate" as const,
      expiresAt: row.expiresAt!,
      autoRenew: true,
    })),
    ...domainRows.map((row) => ({ ...row, kind: "domain" as const, expiresAt: row.expiresAt! })),
  ];
  for (const expiry of expiries) {
    const expiresOn = dayText(expiry.expiresAt);
    const daysLeft = Math.round((Date.parse(expiresOn) - today.getTime()) / DAY_MS);
    const stage = expiryStage(daysLeft);
    if (stage === undefined) continue;
    const sent = await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(expiryAlerts)
        .values(
          EXPIRY_STAGES.filter((days) => days >= stage).map((daysBefore) => ({
            kind: expiry.kind,
            subjectId: expiry.subjectId,
            expiresOn,
            daysBefore,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ daysBefore: expiryAlerts.daysBefore });
      if (!recorded.some((row) => row.daysBefore === stage)) return false;
      const recipients = [...(await alertRecipients(tx, expiry.companyId)), settings.agencyInbox];
      // The client opens the site's page or their domains; the agency the client's page.
      const clientAction = {
        label: "Open the portal",
        href: `${settings.publicUrl}${
          expiry.kind === "certificate" ? clientLinks.site(expiry.subjectId) : clientLinks.domains()
        }`,
      };
      const staffAction = {
        label: "Open the client",
        href: `${settings.publicUrl}${staffLinks.client(expiry.companyId)}`,
      };
      await enqueueEmails(
        tx,
        recipients.map((to) =>
          expiryWarningEmail(
            to,
            { kind: expiry.kind, name: expiry.name, expiresOn, autoRenew: expiry.autoRenew },
            daysLeft,
            to === settings.agencyInbox ? staffAction : clientAction,
            settings,
          ),
        ),
      );
      run.emailsQueued += recipients.length;
      return true;
    });
    if (sent) run.expiryWarnings++;
  }
}

/* ---------------------------------------------------------------------------------------------
 * Retention.
 * ------------------------------------------------------------------------------------------- */

/** Deletes raw checks older than 7 days and hourly roll-ups older than 90; daily ones stay. */
export async function pruneMonitorHistory(db: Db, now: Date) {
  await db
    .delete(monitorChecks)
    .where(lt(monitorChecks.checkedAt, new Date(now.getTime() - CHECKS_KEPT_DAYS * DAY_MS)));
  await db
    .delete(monitorRollups)
    .where(
      and(
        eq(monitorRollups.granularity, "hour"),
        lt(monitorRollups.periodStart, new Date(now.getTime() - HOURLY_ROLLUPS_KEPT_DAYS * DAY_MS)),
      ),
    );
}

/* ---------------------------------------------------------------------------------------------
 * The worker.
 * ------------------------------------------------------------------------------------------- */

export type MonitorWorkerOptions = {
  db: Db;
  settings: MonitorSettings;
  log: Log;
  /** How often each site is checked (MONITOR_INTERVAL). */
  intervalMs: number;
  probe: ProbeOptions;
  /** Time between passes (default: a tenth of the interval, at most 10 s, so retries are on time). */
  passMs?: number | undefined;
  onEmailsQueued?: (() => void) | undefined;
  now?: (() => Date) | undefined;
};

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Runs the monitor in this process: a pass at start, then every few seconds (a pass only checks
 * the sites that are due). Passes never overlap in one process; across processes the claim makes
 * each check happen once. Old history is pruned at start and then once an hour.
 */
export function createMonitorWorker({
  db,
  settings,
  log,
  intervalMs,
  probe: probeOptions,
  passMs = Math.min(10_000, Math.max(1_000, Math.floor(intervalMs / 10))),
  onEmailsQueued,
  now = () => new Date(),
}: MonitorWorkerOptions) {
  let prunedAt = -Infinity;
  return createPeriodicWorker({
    name: "monitor pass",
    log,
    everyMs: passMs,
    async pass(): Promise<MonitorRun> {
      const at = now();
      const prune = at.getTime() - prunedAt >= PRUNE_EVERY_MS;
      const result = await runMonitorOnce({
        db,
        settings,
        intervalMs,
        probe: probeOptions,
        now: at,
        prune,
        log,
      });
      if (prune) prunedAt = at.getTime();
      if (result.emailsQueued > 0) onEmailsQueued?.();
      if (result.incidentsOpened + result.incidentsClosed + result.expiryWarnings > 0) {
        log.info(result, "monitor pass");
      }
      return result;
    },
  });
}

export type MonitorWorker = ReturnType<typeof createMonitorWorker>;
