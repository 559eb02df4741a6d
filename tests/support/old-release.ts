import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/client";
import { createPostgresDatabase, dropPostgresDatabase, type DatabaseKind } from "./database";

/*
 * For migration tests: a database as an older release left it, migrated only up to one of the
 * migrations, for raw SQL in the old shape; then the upgrade, as the server starts it.
 */

const migrationsFolder = fileURLToPath(new URL("../../src/server/db/migrations", import.meta.url));

/**
 * A copy of the migrations whose journal ends at `lastTag`: what a database that was last
 * migrated by an older release has run. (Drizzle's migrator runs what the journal lists.)
 */
function migrationsUpTo(lastTag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), "harborline-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Raw SQL on a database at the old schema, which the current Drizzle tables no longer describe. */
export type OldDatabase = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export type OldRelease = {
  /** Raw SQL on the database as the old release left it (or as it is now). */
  connect(): Promise<OldDatabase>;
  /** Opens it as the server does, which runs the remaining migrations. */
  upgrade(): Promise<Database>;
  remove(): Promise<void>;
};

/** A new database of `kind` migrated up to `lastTag` only, as an older release left it. */
export async function databaseAt(kind: DatabaseKind, lastTag: string): Promise<OldRelease> {
  const migrations = migrationsUpTo(lastTag);
  try {
    if (kind === "pglite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-upgrade-"));
      // Where openDatabase keeps PGlite's files in a data folder.
      const files = path.join(dataDir, "pglite");
      const connect = async (): Promise<OldDatabase> => {
        const client = new PGlite(files);
        return {
          query: async <T>(text: string, params: unknown[] = []) =>
            (await client.query<T>(text, params)).rows,
          close: () => client.close(),
        };
      };
      const client = new PGlite(files);
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrations.folder });
      await client.close();
      return {
        connect,
        upgrade: () => openDatabase({ dataDir }),
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    }
    const url = await createPostgresDatabase();
    const connect = async (): Promise<OldDatabase> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return {
        query: async <T>(text: string, params: unknown[] = []) =>
          (await client.query(text, params)).rows as T[],
        close: () => client.end(),
      };
    };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder: migrations.folder });
    await client.end();
    return {
      connect,
      upgrade: () => openDatabase({ url }),
      remove: () => dropPostgresDatabase(url),
    };
  } finally {
    migrations.remove();
  }
}
