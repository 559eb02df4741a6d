import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";

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
 * answering, and this process exits once they all have.
 */
export function runServerProcesses(config: Pick<Config, "processes" | "publicUrl">) {
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

  const start = () => {
    const worker = cluster.fork();
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
        setTimeout(() => stopping || start(), RESTART_DELAY_MS);
      }
    });
  };

  for (let i = 0; i < config.processes; i++) start();
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
}
