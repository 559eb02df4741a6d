import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { deliverSignalsOnCommit } from "./commit-signals";
import { lockDataDir } from "./data-dir-lock";
import { isDatabaseUnavailable } from "./errors";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or a transaction on it: what a write that must join a transaction takes. */
export type DbExecutor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when this process created the tables just now (a new, empty database). */
  created: boolean;
  /** What the session store queries: a pg Pool, or the PGlite instance (same query API). */
  sessionPool: pg.Pool | PGlite;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Whether the database has every migration this build ships (throws when it cannot answer). */
  migrated(): Promise<boolean>;
  /** Connections open, idle and waited for, and the most there may be (the embedded one: one). */
  poolUse(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any fixed number: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_ID = 720_514_001;
/** Connections each server process keeps to PostgreSQL at most. */
const POOL_MAX = 10;

export type DatabaseOptions =
  | { url: string }
  /** dataDir undefined: an in-memory database (tests). */
  | { dataDir: string | undefined };

/** Opens PostgreSQL (url) or the embedded PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return "url" in options ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded here, not at the top: a server on the embedded database never loads the pg driver.
  const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all(
    [
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ],
  );
  const pool = new pgDriver.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 5_000,
    // Decision 033. No JIT compilation: the app's queries are short, and a plan over a year of
    // data can cost enough for PostgreSQL to compile it at every run, which took longer than the
    // query itself (180 of the monitoring overview's 350 ms). And a random read priced as on an
    // SSD or from memory (PostgreSQL's default of 4 is a spinning disk's), so a search's count
    // reads its trigram index (8 ms) instead of the whole table (30 ms).
    options: "-c jit=off -c random_page_cost=1.1",
  });
  // A client that loses its server, idle or checked out, must not crash the process: the query
  // in flight fails (and answers 503), and the pool connects afresh when the server is back.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  let created: boolean;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    created = !(await hasTables(drizzlePg(client, { schema })));
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  // Drizzle's pool transaction sends BEGIN before its try/finally, so a BEGIN on a connection
  // that just died never gives the client back, and the pool drains over a few outages.
  // Here the client is taken and given back by us, and dropped when its connection broke.
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await drizzlePg(client, { schema }).transaction(work, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  deliverSignalsOnCommit(db);
  return {
    db,
    kind: "postgres",
    created,
    sessionPool: pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrated: () => hasEveryMigration(db),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    close: once(() => pool.end()),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // Loaded here, not at the top: a server on PostgreSQL never loads the embedded database.
  const [
    { PGlite },
    { btree_gist },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import("@electric-sql/pglite"),
    // The bookings' exclusion constraint needs it, as on PostgreSQL (decision 025).
    import("@electric-sql/pglite/contrib/btree_gist"),
    // The leads inbox's search index (migration 0039).
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  // PostgreSQL's default 128 MB of shared buffers become resident in PGlite's WebAssembly memory
  // as they are used, and WebAssembly memory never shrinks: 16 MB holds this app's working set
  // many times over (decision 008).
  const options = {
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    extensions: { btree_gist, pg_trgm },
  };
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
    client = new PGlite(path.join(dataDir, "pglite"), options);
  } else {
    client = new PGlite(options);
  }
  try {
    const db = drizzlePglite(client, { schema });
    const created = !(await hasTables(db));
    await migratePglite(db, { migrationsFolder });
    deliverSignalsOnCommit(db);
    return {
      db,
      kind: "pglite",
      created,
      sessionPool: client,
      ping: async () => {
        await client.query("select 1");
      },
      migrated: () => hasEveryMigration(db),
      poolUse: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }),
      close: once(async () => {
        await client.close();
        release();
      }),
    };
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
}

/** The time stamp of the newest migration this build ships, as Drizzle records it when applied. */
export function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the newest migration applied is at least the newest this build ships. */
async function hasEveryMigration(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= newestMigration();
}

async function hasTables(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.users') is not null as present`,
  );
  return Boolean(row?.present);
}

/** Rows of a raw query: both drivers answer { rows }, which Drizzle's common type does not name. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Closing twice (a test, then its clean-up) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
