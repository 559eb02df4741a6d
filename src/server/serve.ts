import cluster from "node:cluster";
import type { Server } from "node:http";
import { buildApp } from "./app";
import type { Config } from "./config";
import { answerScrapes } from "./metrics/cluster";
import { metricsContentType, scrape, scrapeJson } from "./metrics/metrics";
import { closeScrapes, listenForScrapes } from "./metrics/server";
import { LISTENING } from "./processes";
import { SEEDED, type ServingDatabase } from "./serving-database";

/**
 * How long after start the scheduled work (outbox, billing, monitor, ...) makes its first pass:
 * it catches up all the same, but the first requests are answered before it, not behind its
 * queries on the embedded database.
 */
const FIRST_PASS_AFTER_MS = 2_000;

/** How long requests in flight get to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * One server process on its database (serving-database.ts): listen; on SIGTERM/SIGINT, finish
 * requests in flight and exit 0. On SIGTERM (an orchestrator's or a deploy's stop) it first keeps serving for
 * SHUTDOWN_DELAY_SECONDS with /readyz answering 503, so the load balancer stops sending requests
 * before the port stops accepting them; SIGINT (Ctrl-C at a terminal) does not wait.
 */
export async function serve(config: Config, { database, seeded }: ServingDatabase) {
  const app = await buildApp({ config, database, firstPassInMs: FIRST_PASS_AFTER_MS });
  if (seeded) app.log.info(SEEDED);

  let scrapes: Server | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.startDraining();
    const delaySeconds = signal === "SIGTERM" ? config.shutdownDelaySeconds : 0;
    if (delaySeconds > 0) {
      app.log.info(
        `${signal} received: /readyz answers 503; serving ${delaySeconds} s more, then finishing requests in flight`,
      );
      await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
    } else {
      app.log.info(`${signal} received: finishing requests in flight`);
    }
    // A connection a browser opened ahead and never used is not idle to Node, and would hold the
    // close until its headers time out: give requests in flight a grace period, then cut the rest.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      if (scrapes) await closeScrapes(scrapes);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "unclean shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // METRICS_PORT: this process's figures there; with several, the first process gathers them.
  const { metrics } = config;
  if (metrics.port !== undefined && cluster.isWorker) answerScrapes(scrapeJson);
  else if (metrics.port !== undefined) {
    scrapes = await listenForScrapes({
      port: metrics.port,
      host: metrics.host,
      token: metrics.token,
      scrape,
      contentType: metricsContentType,
      log: app.log,
    });
  }
  if (cluster.isWorker) process.send?.(LISTENING);
  app.log.info(
    `Harborline is running at ${config.publicUrl} on ${
      database.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL"
    }`,
  );
}
