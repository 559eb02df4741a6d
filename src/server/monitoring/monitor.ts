import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/errors";
import { liveWebsite, monitorChecks, monitorRollups, websites } from "../db/schema";
import { monitorChecks as checksMade, monitorLateness } from "../metrics/metrics";
import { createPeriodicWorker } from "../scheduling/periodic";
import { sendExpiryWarnings, type MonitorSettings } from "./expiry-warnings";
import { sendMaintenanceNotices } from "./maintenance";
import { checkAddress, probe, type ProbeOptions } from "./probe";
import {
  DAY_MS,
  recordChecks,
  type CheckMade,
  type CheckRecorded,
  type ClaimedSite,
} from "./site-checks";
import { keywordCheck } from "./page-keyword";
import { checkOverdueHeartbeats } from "./heartbeats";

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;
const quiet: Log = { info() {}, warn() {}, error() {} };

/** Raw checks are kept this long; hourly roll-ups 90 days; daily ones for good. */
export const CHECKS_KEPT_DAYS = 7;
export const HOURLY_ROLLUPS_KEPT_DAYS = 90;

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
  /**
   * The process's checks in flight: when given, the pass claims only what the pool has room for,
   * starts those checks and returns without waiting for them (the worker's way).
   */
  pool?: CheckPool;
  /** Where the checks are recorded (the worker's own, across passes; else one for this pass). */
  recorder?: CheckRecorder;
  /** Also the expiry warnings, overdue heartbeats and maintenance notices (default true). */
  housekeeping?: boolean;
  log?: Log | undefined;
};

/**
 * Checks in flight in one process, across its passes: a slow or silent site holds a place in
 * the pool, never the next pass's claim, so the sites due meanwhile still start on time.
 */
export type CheckPool = { inFlight: Set<Promise<void>>; limit: number };

/**
 * Checks one process runs at once: most of a check is waiting on the network. Enough for 10,000
 * sites a minute when a fifth of them take 2 s to answer (about 330 waiting at once), with room
 * for sites that hang until the probe's timeout; 200 held the claims back to 200 a second.
 */
export const MONITOR_CONCURRENCY = 1_000;

/** Checks a pass starts before it lets the event loop serve what else is waiting. */
const STARTS_PER_TURN = 20;

export function createCheckPool(limit = MONITOR_CONCURRENCY): CheckPool {
  return { inFlight: new Set(), limit };
}

/**
 * Records the checks of a process as they end, in batches (recordChecks): while one batch is
 * written the checks that end meanwhile wait for the next, so the monitor writes through one
 * connection however many checks are in flight, and the portal's reads keep the others.
 */
export type CheckRecorder = { record(check: CheckMade): Promise<CheckRecorded> };

/** Checks written in one transaction at most. */
const RECORD_BATCH = 500;

export function createCheckRecorder(db: Db, settings: MonitorSettings, intervalMs: number) {
  // The down email says how often the site is checked.
  const siteSettings = { ...settings, checkIntervalSeconds: intervalMs / 1000 };
  type Waiting = {
    check: CheckMade;
    done(recorded: CheckRecorded): void;
    failed(error: unknown): void;
  };
  const waiting: Waiting[] = [];
  let writing: Promise<void> | undefined;
  const write = async (batch: Waiting[]) => {
    try {
      const recorded = await recordChecks(
        db,
        batch.map((entry) => entry.check),
        siteSettings,
      );
      batch.forEach((entry, index) => entry.done(recorded[index]!));
    } catch (error) {
      // One bad check must not lose the batch's others: each alone, so only it fails. Unless
      // the database is out of reach: then each alone would only wait for it again.
      if (batch.length === 1 || isDatabaseUnavailable(error))
        for (const entry of batch) entry.failed(error);
      else for (const entry of batch) await write([entry]);
    }
  };
  const writeAll = async () => {
    while (waiting.length > 0) await write(waiting.splice(0, RECORD_BATCH));
    writing = undefined;
  };
  return {
    record(check: CheckMade) {
      return new Promise<CheckRecorded>((done, failed) => {
        waiting.push({ check, done, failed });
        // The checks that end in this turn of the event loop join the same batch.
        writing ??= new Promise((next) => setImmediate(next)).then(writeAll);
      });
    },
  } satisfies CheckRecorder;
}

export type MonitorRun = {
  checked: number;
  failures: number;
  incidentsOpened: number;
  incidentsClosed: number;
  emailsQueued: number;
  expiryWarnings: number;
  maintenanceNotices: number;
  errors: number;
};

/**
 * One pass of the monitor: every live site gets a monitor row, the sites due are claimed (moved
 * an interval forward in the statement that selects them, FOR UPDATE SKIP LOCKED, so another
 * instance's pass skips them), checked, and recorded with their incidents and alerts in batches
 * (CheckRecorder). A site overdue after downtime is claimed once: one check, not a burst. Then,
 * unless `housekeeping` is false, the monitor's housekeeping (runMonitorHousekeeping).
 */
export async function runMonitorOnce(options: MonitorRunOptions): Promise<MonitorRun> {
  const now = options.now ?? new Date();
  const log = options.log ?? quiet;
  const run: MonitorRun = { ...nothingHousekept(), checked: 0, failures: 0, incidentsClosed: 0 };
  const { db } = options;
  await db.execute(sql`
    insert into site_monitors (website_id, next_check_at)
    select id, ${now} from websites where ${liveWebsite}
    on conflict do nothing`);

  const { pool } = options;
  const recorder =
    options.recorder ?? createCheckRecorder(db, options.settings, options.intervalMs);
  const batch = options.batchSize ?? (pool ? 1000 : 100);
  const room = pool ? Math.min(batch, pool.limit - pool.inFlight.size) : batch;
  const claimed = room > 0 ? await claimDueSites(db, now, options.intervalMs, room) : [];
  // How late each check starts: behind its schedule when claimed, plus its wait in this pass.
  const passStarted = performance.now();
  const checkSite = async (site: (typeof claimed)[number]) => {
    const waited = performance.now() - passStarted;
    monitorLateness.observe((now.getTime() - site.dueAt.getTime() + waited) / 1000);
    const result = await probe(checkAddress(site), options.probe, keywordCheck(site));
    try {
      const recorded = await recorder.record({ site, result, at: now });
      checksMade.inc({ result: result.ok ? "up" : "down" });
      run.checked++;
      if (!result.ok) run.failures++;
      if (recorded.incidentOpened) run.incidentsOpened++;
      if (recorded.incidentClosed) run.incidentsClosed++;
      run.emailsQueued += recorded.emailsQueued;
      // A pooled check ends after its pass has reported: it says itself what it changed.
      if (pool && (recorded.incidentOpened || recorded.incidentClosed))
        log.info({ websiteId: site.id, ...recorded }, "monitor check");
    } catch (error) {
      run.errors++;
      log.error({ err: error, websiteId: site.id }, "monitor: recording a check failed");
    }
  };
  if (pool) {
    for (const [index, site] of claimed.entries()) {
      // Starting a request takes a little of the event loop: a pass's few hundred at once would
      // hold the portal's requests back for tens of milliseconds, so they start a slice a turn.
      if (index > 0 && index % STARTS_PER_TURN === 0) await new Promise(setImmediate);
      const check: Promise<void> = checkSite(site).finally(() => pool.inFlight.delete(check));
      pool.inFlight.add(check);
    }
  } else {
    const queue = [...claimed];
    const workers = Array.from(
      { length: Math.min(options.concurrency ?? 8, queue.length) },
      async () => {
        for (let site = queue.shift(); site; site = queue.shift()) await checkSite(site);
      },
    );
    await Promise.all(workers);
  }
  if (options.housekeeping === false) return run;
  const housekept = await runMonitorHousekeeping({ ...options, now, log });
  for (const [key, value] of Object.entries(housekept) as [keyof Housekeeping, number][])
    run[key] += value;
  return run;
}

export type Housekeeping = Pick<
  MonitorRun,
  "emailsQueued" | "expiryWarnings" | "incidentsOpened" | "maintenanceNotices" | "errors"
>;

const nothingHousekept = (): Housekeeping => ({
  emailsQueued: 0,
  expiryWarnings: 0,
  incidentsOpened: 0,
  maintenanceNotices: 0,
  errors: 0,
});

/**
 * What the monitor does besides its checks: the expiry warnings, the heartbeats whose beat is
 * overdue, the maintenance notices and, with `prune`, the old history's deletion. Each part runs
 * even when one before it failed.
 */
export async function runMonitorHousekeeping(options: {
  db: Db;
  settings: MonitorSettings;
  now: Date;
  prune?: boolean | undefined;
  log?: Log | undefined;
}): Promise<Housekeeping> {
  const { db, now, settings } = options;
  const log = options.log ?? quiet;
  const done = nothingHousekept();
  try {
    const warned = await sendExpiryWarnings(db, now, settings);
    done.expiryWarnings += warned.warnings;
    done.emailsQueued += warned.emailsQueued;
  } catch (error) {
    done.errors++;
    log.error({ err: error }, "monitor: expiry warnings failed");
  }
  try {
    const missed = await checkOverdueHeartbeats(db, now, settings);
    done.incidentsOpened += missed.opened;
    done.emailsQueued += missed.emailsQueued;
  } catch (error) {
    done.errors++;
    log.error({ err: error }, "monitor: heartbeat check failed");
  }
  try {
    const told = await sendMaintenanceNotices(db, now, settings);
    done.maintenanceNotices += told.notices;
    done.emailsQueued += told.emailsQueued;
  } catch (error) {
    done.errors++;
    log.error({ err: error }, "monitor: maintenance notices failed");
  }
  if (options.prune) {
    try {
      await pruneMonitorHistory(db, now);
    } catch (error) {
      done.errors++;
      log.error({ err: error }, "monitor: pruning old checks failed");
    }
  }
  return done;
}

/**
 * The due live sites, each claimed for this instance by moving its next check forward, with the
 * time each was due.
 */
async function claimDueSites(
  db: Db,
  now: Date,
  intervalMs: number,
  limit: number,
): Promise<(ClaimedSite & { dueAt: Date })[]> {
  const next = new Date(now.getTime() + intervalMs);
  // websites is not aliased: liveWebsite names its column "websites"."status".
  const rows = await queryRows<{ website_id: string; due_at: Date | string }>(
    db,
    sql`
    with due as (
      select m.website_id, m.next_check_at from site_monitors m
      join websites on websites.id = m.website_id
      where m.next_check_at <= ${now} and ${liveWebsite}
      order by m.next_check_at
      limit ${limit}
      for update of m skip locked
    )
    update site_monitors s set next_check_at = ${next}
    from due where s.website_id = due.website_id
    returning s.website_id, due.next_check_at as due_at`,
  );
  const dueAt = new Map(rows.map((row) => [row.website_id, new Date(row.due_at)]));
  if (dueAt.size === 0) return [];
  const sites = await db
    .select({
      id: websites.id,
      companyId: websites.companyId,
      domain: websites.domain,
      checkUrl: websites.checkUrl,
      checkKeyword: websites.checkKeyword,
      checkKeywordMustBe: websites.checkKeywordMustBe,
    })
    .from(websites)
    .where(inArray(websites.id, [...dueAt.keys()]));
  return (sites as ClaimedSite[]).map((site) => ({ ...site, dueAt: dueAt.get(site.id)! }));
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
  /** Time between claims of the sites due (default 1 s: a check starts at most about that late). */
  passMs?: number | undefined;
  /** Checks in flight at once in this process. */
  concurrency?: number | undefined;
  now?: (() => Date) | undefined;
};

const PRUNE_EVERY_MS = 3_600_000;
/** How long stop() waits for the checks in flight (and for their batch to be recorded). */
const STOP_WAIT_MS = 5_000;

/**
 * Runs the monitor in this process: a pass at start, then every second. A pass claims the sites
 * due and starts their checks in the process's pool without waiting for them, so a slow site
 * never delays the next claim. Passes never overlap in one process; across processes the claim
 * makes each check happen once. The expiry warnings, heartbeats and maintenance notices run every
 * tenth of the interval (1 to 10 s); old history is pruned at start and then once an hour.
 */
export function createMonitorWorker({
  db,
  settings,
  log,
  intervalMs,
  probe: probeOptions,
  passMs = 1_000,
  concurrency = MONITOR_CONCURRENCY,
  now = () => new Date(),
}: MonitorWorkerOptions) {
  const housekeepingMs = Math.min(10_000, Math.max(1_000, Math.floor(intervalMs / 10)));
  const pool = createCheckPool(concurrency);
  const recorder = createCheckRecorder(db, settings, intervalMs);
  const checks = createPeriodicWorker({
    name: "monitor pass",
    log,
    everyMs: passMs,
    pass: () =>
      runMonitorOnce({
        db,
        settings,
        intervalMs,
        probe: probeOptions,
        now: now(),
        pool,
        recorder,
        housekeeping: false,
        log,
      }),
  });
  // Its own loop: a pass that sends hundreds of expiry warnings never holds back a claim.
  let prunedAt = -Infinity;
  const housekeeping = createPeriodicWorker({
    name: "monitor housekeeping",
    log,
    everyMs: housekeepingMs,
    async pass(): Promise<Housekeeping> {
      const at = now();
      const prune = at.getTime() - prunedAt >= PRUNE_EVERY_MS;
      const done = await runMonitorHousekeeping({ db, settings, now: at, prune, log });
      if (prune) prunedAt = at.getTime();
      if (done.expiryWarnings + done.maintenanceNotices + done.incidentsOpened > 0) {
        log.info(done, "monitor housekeeping");
      }
      return done;
    },
  });
  return {
    start(firstPassInMs = 0) {
      checks.start(firstPassInMs);
      housekeeping.start(firstPassInMs);
    },
    /** The checks in flight (what a test waits for after a pass). */
    settled: () => Promise.allSettled([...pool.inFlight]),
    async stop() {
      await Promise.all([checks.stop(), housekeeping.stop()]);
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([Promise.allSettled([...pool.inFlight]), timeUp]);
      clearTimeout(timer);
    },
  };
}

export type MonitorWorker = ReturnType<typeof createMonitorWorker>;
