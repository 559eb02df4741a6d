import type { FastifyBaseLogger } from "fastify";
import { timeJob } from "../metrics/metrics";

/**
 * How long stop() waits for the pass in flight to finish the step in hand: a server has 10 s to
 * exit after SIGTERM. Each step is a transaction of its own, so one cut short is simply redone.
 */
const STOP_WAIT_MS = 5_000;

export type PeriodicWorkerOptions<T> = {
  /** Named in the log when a pass fails, and in the figures of its passes (metrics/). */
  name: string;
  log: Pick<FastifyBaseLogger, "error">;
  /** Time between the end of one pass and the start of the next. */
  everyMs: number;
  /** One pass; `signal` is aborted when the worker stops (finish the step in hand, then return). */
  pass: (signal: AbortSignal) => Promise<T>;
};

/**
 * Runs a pass in this process at start (catching up on whatever was missed while no instance
 * ran), then every `everyMs`. Passes never overlap in one process; across processes the passes
 * themselves make sure each piece of work is done once (the billing schedule, the monitor).
 */
export function createPeriodicWorker<T>({ name, log, everyMs, pass }: PeriodicWorkerOptions<T>) {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping: Promise<void> | undefined;
  const abort = new AbortController();
  /** The pass in flight, or the last one; each pass waits for the one before. */
  let last: Promise<unknown> = Promise.resolve();
  let inFlight = 0;

  /** One pass, after the one in flight (if any) has finished. */
  function runOnce(): Promise<T> {
    inFlight++;
    const run = last.then(() => timeJob(name, () => pass(abort.signal)));
    last = run.catch(() => undefined).finally(() => inFlight--);
    return run;
  }

  function schedule(ms: number) {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    if (inFlight > 0) return schedule(everyMs);
    runOnce()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => schedule(everyMs));
  }

  async function finish() {
    clearTimeout(timer);
    abort.abort();
    let waited: NodeJS.Timeout | undefined;
    const timeUp = new Promise<void>((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)));
    await Promise.race([last, timeUp]);
    clearTimeout(waited);
  }

  return {
    runOnce,
    /** Runs now, or after `firstPassInMs` (catching up), then every interval. */
    start(firstPassInMs = 0) {
      started = true;
      schedule(firstPassInMs);
    },
    /** Starts no more passes; resolves once the pass in flight is done (or after STOP_WAIT_MS). */
    stop(): Promise<void> {
      stopping ??= finish();
      return stopping;
    },
  };
}
