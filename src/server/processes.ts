import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";
import { PROCESS_SLOT } from "./metrics/process-label";

/** What a server process tells the process that started it once it listens. */
export const LISTENING = "harborline:listening";

/** How long a server process that stopped after it was serving waits before another starts. */
const RESTART_DELAY_MS = 1_000;

/**
 * WEB_CONCURRENCY above 1 (decision 017): starts that many server processes on one port and
 * keeps them running. Each is a whole server on the shared PostgreSQL; scheduled work already
 * runs once across instances, and REDIS_URL shares the rate limits. Each process accepts its own
 * connections, as nginx's workers do. One that fails at start stops them all, with its exit code;
 * one that stops later is replaced. SIGTERM and SIGINT are passed on: each finishes what it is
 * answering, and this process exits once they all have. With METRICS_PORT, this process answers
 * scrapes there with every serving process's figures, each labelled with its place (0, 1, ...),
 * which a process started again in another's place takes over.
 */
export function runServerProcesses(config: Pick<Config, "processes" | "publicUrl" | "metrics">) {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const running = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (code: number) => {
    stopping = true;
    exitCode = Math.max(exitCode, code);
    for (const worker of running) worker.process.kill("SIGTERM");
    // None running (all waiting to be started again): nothing to wait for.
    if (running.size === 0) process.exit(exitCode);
  };

  const start = (slot: number) => {
    const worker = cluster.fork({ [PROCESS_SLOT]: String(slot) });
    running.add(worker);
    worker.on("message", (message) => {
      if (message !== LISTENING) return;
      listening.add(worker);
      if (listening.size === config.processes) {
        console.log(
          `Harborline is running at ${config.publicUrl} in ${config.processes} server processes`,
        );
      }
    });
    worker.once("exit", (code, signal) => {
      running.delete(worker);
      const served = listening.delete(worker);
      if (stopping) {
        // One still starting has no handler yet, and ends by the signal itself: no failure.
        if (code !== 0 && signal !== "SIGTERM") exitCode = Math.max(exitCode, code ?? 1);
        if (running.size === 0) process.exit(exitCode);
      } else if (!served) {
        console.error(`A server process failed at start (exit code ${code ?? signal}): stopping`);
        stopAll(code || 1);
      } else {
        console.error(
          `A server process stopped (exit code ${code ?? signal}): starting another in ${RESTART_DELAY_MS / 1000} s`,
        );
        setTimeout(() => stopping || start(slot), RESTART_DELAY_MS);
      }
    });
  };

  for (let slot = 0; slot < config.processes; slot++) start(slot);
  if (config.metrics.port !== undefined) {
    listenForClusterScrapes(config.metrics, listening).catch((error: unknown) => {
      console.error(`METRICS_PORT: could not listen on ${config.metrics.port}: ${String(error)}`);
      stopAll(1);
    });
  }
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
}

/** METRICS_PORT in the process that starts the others: their figures, gathered on each scrape. */
async function listenForClusterScrapes(settings: Config["metrics"], serving: Set<Worker>) {
  // Loaded only here: without METRICS_PORT this process loads no more than it did.
  const [{ clusterContentType, gatherScrapes }, { listenForScrapes }] = await Promise.all([
    import("./metrics/cluster"),
    import("./metrics/server"),
  ]);
  const server = await listenForScrapes({
    port: settings.port!,
    host: settings.host,
    token: settings.token,
    scrape: () => gatherScrapes(serving),
    contentType: clusterContentType,
    log: { error: (object, message) => console.error(message, object) },
  });
  // The processes' exits decide when this one ends, not the listener.
  server.unref();
}
