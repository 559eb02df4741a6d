import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { buildApp } from "./app";
import type { Config } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { seedDemoData } from "./demo/seed";
import { answerScrapes } from "./metrics/cluster";
import { metricsContentType, scrape, scrapeJson } from "./metrics/metrics";
import { closeScrapes, listenForScrapes } from "./metrics/server";
import { LISTENING } from "./processes";

/** Set for the child process that only creates, migrates and seeds a new embedded database. */
const PREPARE_ONLY = "HARBORLINE_PREPARE_DATABASE_ONLY";

/** Whether DATA_DIR already holds an embedded database (PostgreSQL writes PG_VERSION first). */
const hasEmbeddedDatabase = (dataDir: string) =>
  existsSync(path.join(dataDir, "pglite", "PG_VERSION"));

/** Runs this same entry as a child that prepares the embedded database and exits: its code. */
function prepareInChildProcess(): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY]: "1" },
    stdio: "inherit",
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

const SEEDED = "Seeded demo data: client demo@example.com, staff admin@example.com";

/**
 * How long after start the scheduled work (outbox, billing, monitor, ...) makes its first pass:
 * it catches up all the same, but the first requests are answered before it, not behind its
 * queries on the embedded database.
 */
const FIRST_PASS_AFTER_MS = 2_000;

/** How long requests in flight get to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * One server process: database, listen; on SIGTERM/SIGINT, finish requests in flight and exit 0.
 * On SIGTERM (an orchestrator's or a deploy's stop) it first keeps serving for
 * SHUTDOWN_DELAY_SECONDS with /readyz answering 503, so the load balancer stops sending requests
 * before the port stops accepting them; SIGINT (Ctrl-C at a terminal) does not wait.
 */
export async function serve(config: Config) {
  const open = async () => {
    try {
      return await openDatabase(
        config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
      );
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  };
  // A new embedded database is created, migrated and seeded in a child process: creating it
  // takes PGlite's WebAssembly memory to about 850 MB, which no close or collection gives back
  // in full, so the server then opens it as it would any existing one (decision 008).
  if (!config.databaseUrl && !process.env[PREPARE_ONLY] && !hasEmbeddedDatabase(config.dataDir)) {
    const code = await prepareInChildProcess();
    if (code !== 0) process.exit(code);
  }
  const database = await open();
  // Only the process that created the tables seeds them: of several servers starting at once on
  // one new PostgreSQL database, exactly one (migrations run under an advisory lock).
  const seeded = database.created && config.seedDemo;
  if (seeded) await seedDemoData(database.db, new Date(), `${config.publicUrl}/healthz`);
  if (process.env[PREPARE_ONLY]) {
    await database.close();
    if (seeded) console.log(SEEDED);
    process.exit(0);
  }

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
