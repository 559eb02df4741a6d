import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";

/** Set for the child process that only creates, migrates and seeds a new embedded database. */
const PREPARE_ONLY = "HARBORLINE_PREPARE_DATABASE_ONLY";

export const SEEDED = "Seeded demo data: client demo@example.com, staff admin@example.com";

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

export interface ServingDatabase {
  database: Database;
  /** Whether this process seeded the demo data (it says so once it serves). */
  seeded: boolean;
}

/**
 * The database one server process serves from: opened, migrated, and seeded with the demo data
 * if this process created its tables. It needs none of the server's other code, so main.ts opens
 * it while that code loads. The child that prepares a new embedded database exits here.
 */
export async function openServingDatabase(config: Config): Promise<ServingDatabase> {
  // A new embedded database is created, migrated and seeded in a child process: creating it
  // takes PGlite's WebAssembly memory to about 850 MB, which no close or collection gives back
  // in full, so the server then opens it as it would any existing one (decision 008).
  if (!config.databaseUrl && !process.env[PREPARE_ONLY] && !hasEmbeddedDatabase(config.dataDir)) {
    const code = await prepareInChildProcess();
    if (code !== 0) process.exit(code);
  }
  let database: Database;
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
  // Only the process that created the tables seeds them: of several servers starting at once on
  // one new PostgreSQL database, exactly one (migrations run under an advisory lock).
  const seeded = database.created && config.seedDemo;
  if (seeded) {
    // Loaded only to seed: it reaches every noun, which a reopening start need not wait for.
    const { seedDemoData } = await import("./demo/seed");
    await seedDemoData(database.db, new Date(), `${config.publicUrl}/healthz`);
  }
  if (process.env[PREPARE_ONLY]) {
    await database.close();
    if (seeded) console.log(SEEDED);
    process.exit(0);
  }
  return { database, seeded };
}
