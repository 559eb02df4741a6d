import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { domains } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import { RdapLookupError, type RdapClient, type Registration } from "./rdap";

type Log = Pick<FastifyBaseLogger, "info" | "error">;
const quiet: Log = { info() {}, error() {} };

/** Each domain is looked up once a day. */
export const RDAP_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** A failed lookup is tried again this much later, not a whole day later. */
export const RDAP_RETRY_AFTER_MS = 60 * 60 * 1000;
/** How often an instance looks for domains due (a pass with none due is one small statement). */
export const RDAP_PASS_EVERY_MS = 10 * 60 * 1000;

const NO_SERVER = "No RDAP server for .";

/** Kept as the domain's rdap_error when its ending has no RDAP server: a note, not a failure. */
export const noServerNote = (ending: string) =>
  `${NO_SERVER}${ending} domains: the typed expiry date is used`;

/** A stored rdap_error that says why a lookup failed (not that the ending has no server). */
export const lookupFailure = (rdapError: string | null): string | null =>
  rdapError && !rdapError.startsWith(NO_SERVER) ? rdapError : null;

export type RdapCheckOptions = {
  db: Db;
  rdap: RdapClient;
  now?: Date;
  /** Domains claimed at a time. */
  batchSize?: number;
  /** Lookups in flight at once. */
  concurrency?: number;
  log?: Log | undefined;
  /** Aborted when the worker stops: the lookups in hand finish, no more are claimed. */
  signal?: AbortSignal | undefined;
};

export type RdapCheckRun = {
  /** Lookups that gave the registry's record. */
  measured: number;
  /** Domains whose ending has no RDAP server: their typed expiry stands. */
  noServer: number;
  /** Lookups that failed: recorded on the domain and tried again later. */
  failed: number;
};

type Claimed = { id: string; domain: string };

/**
 * One pass of the daily RDAP check: the domains due are claimed (moved a day forward, FOR UPDATE
 * SKIP LOCKED, so another instance's pass skips them and then finds them no longer due), looked
 * up, and each result written to its domain. A domain overdue after downtime is claimed once.
 */
export async function runRdapCheckOnce(options: RdapCheckOptions): Promise<RdapCheckRun> {
  const now = options.now ?? new Date();
  const log = options.log ?? quiet;
  const batchSize = options.batchSize ?? 50;
  const run: RdapCheckRun = { measured: 0, noServer: 0, failed: 0 };
  for (;;) {
    if (options.signal?.aborted) return run;
    const claimed = await claimDueDomains(options.db, now, batchSize);
    const queue = [...claimed];
    const workers = Array.from(
      { length: Math.min(options.concurrency ?? 4, queue.length) },
      async () => {
        for (let domain = queue.shift(); domain; domain = queue.shift()) {
          try {
            await checkDomain(options, domain, now, run);
          } catch (error) {
            // A database error: the domain is due again tomorrow; the pass goes on.
            run.failed++;
            log.error({ err: error, domainId: domain.id }, "rdap: recording a lookup failed");
          }
        }
      },
    );
    await Promise.all(workers);
    if (claimed.length < batchSize) return run;
  }
}

/** The due domains, each claimed for this instance by moving its next check a day forward. */
async function claimDueDomains(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: domains.id, domain: domains.domain })
      .from(domains)
      .where(lte(domains.rdapNextCheckAt, now))
      .orderBy(asc(domains.rdapNextCheckAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(domains)
        .set({ rdapNextCheckAt: new Date(now.getTime() + RDAP_CHECK_EVERY_MS) })
        .where(
          inArray(
            domains.id,
            due.map((row) => row.id),
          ),
        );
    }
    return due;
  });
}

async function checkDomain(
  options: RdapCheckOptions,
  claimed: Claimed,
  now: Date,
  run: RdapCheckRun,
) {
  let registration: Registration | undefined;
  try {
    registration = await options.rdap.lookup(claimed.domain, options.signal);
  } catch (error) {
    const reason =
      error instanceof RdapLookupError ? error.message : "The lookup failed unexpectedly";
    await recordResult(options.db, claimed, {
      rdapCheckedAt: now,
      rdapError: reason.slice(0, 300),
      rdapNextCheckAt: new Date(now.getTime() + RDAP_RETRY_AFTER_MS),
    });
    run.failed++;
    if (!(error instanceof RdapLookupError)) {
      (options.log ?? quiet).error({ err: error, domainId: claimed.id }, "rdap: lookup failed");
    }
    return;
  }
  if (!registration) {
    const ending = claimed.domain.slice(claimed.domain.lastIndexOf(".") + 1);
    await recordResult(options.db, claimed, {
      measuredExpiresAt: null,
      registrar: null,
      registryStatus: [],
      rdapCheckedAt: now,
      rdapError: noServerNote(ending),
    });
    run.noServer++;
    return;
  }
  await recordResult(options.db, claimed, {
    measuredExpiresAt: registration.expiresAt,
    registrar: registration.registrar,
    registryStatus: registration.status,
    rdapCheckedAt: now,
    rdapError: null,
  });
  run.measured++;
}

/** Writes a lookup's result, unless staff renamed the domain meanwhile (its new name is due). */
function recordResult(db: Db, claimed: Claimed, values: Partial<typeof domains.$inferInsert>) {
  return db
    .update(domains)
    .set(values)
    .where(and(eq(domains.id, claimed.id), eq(domains.domain, claimed.domain)));
}

export type RdapWorkerOptions = {
  db: Db;
  rdap: RdapClient;
  log: Log;
  /** Time between passes (default RDAP_PASS_EVERY_MS). */
  passMs?: number | undefined;
  now?: (() => Date) | undefined;
};

/**
 * Runs the daily RDAP check in this process: a pass at start (catching up on the domains that
 * fell due while no instance ran), then every RDAP_PASS_EVERY_MS. Across instances the claims
 * make each domain's lookup happen once a day.
 */
export function createRdapWorker({
  db,
  rdap,
  log,
  passMs = RDAP_PASS_EVERY_MS,
  now = () => new Date(),
}: RdapWorkerOptions) {
  return createPeriodicWorker({
    name: "rdap check",
    log,
    everyMs: passMs,
    async pass(signal): Promise<RdapCheckRun> {
      const result = await runRdapCheckOnce({ db, rdap, now: now(), log, signal });
      if (result.measured + result.noServer + result.failed > 0) log.info(result, "rdap check");
      return result;
    },
  });
}

export type RdapWorker = ReturnType<typeof createRdapWorker>;
