import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { seedDemoData } from "./db/seed";

/** How long requests in flight get to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Process entry: settings, database, listen; on SIGTERM/SIGINT, finish requests in flight and exit 0. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config, database });
  // Only the process that created the tables seeds them: of several servers starting at once on
  // one new PostgreSQL database, exactly one (migrations run under an advisory lock).
  if (database.created && config.seedDemo) {
    await seedDemoData(database.db, new Date(), `${config.publicUrl}/healthz`);
    app.log.info("Seeded demo data: client demo@example.com, staff admin@example.com");
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    // A connection a browser opened ahead and never used is not idle to Node, and would hold the
    // close until its headers time out: give requests in flight a grace period, then cut the rest.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
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
  app.log.info(
    `Harborline is running at ${config.publicUrl} on ${
      database.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL"
    }`,
  );
}

await main();
