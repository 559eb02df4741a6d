import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, open, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { S3Settings } from "../config";
import { newestMigration, openDatabase, queryRows, type Database, type Db } from "../db/client";
import { checkEmbeddedDump, loadEmbeddedDump, writeEmbeddedDump } from "./embedded-dump";
import { pgDump, pgDumpMigration, pgRestore, withPostgres } from "./postgres";
import { BackupRefusal } from "./refusal";
import { appliedMigration, tablesWithRows } from "./tables";

/** Where a backup is read from or restored into: PostgreSQL by URL, or an open embedded one. */
export type Place = { url: string } | { database: Database };

/** What the commands print as they go (a line at a time). */
export type Say = (line: string) => void;

/** Sessions are never moved: everyone signs in again on the new server (decision 028). */
const NOT_MOVED = ["sessions"];

/** The S3 keys of the attachments kept there, written beside a backup: `<file>.s3-keys.txt`. */
export const s3ManifestOf = (file: string) => `${file}.s3-keys.txt`;

/**
 * Writes a consistent backup of the database to `out` (written beside it, then renamed, so a
 * failed backup never leaves a file that looks whole). PostgreSQL: pg_dump's custom format; the
 * embedded database: its own dump. With S3 set up, the attachments' keys are listed beside it.
 */
export async function backUp(source: Place, out: string, say: Say, s3?: S3Settings) {
  if (existsSync(out)) throw new BackupRefusal(`${out} already exists: choose a new file name.`);
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.partial`);
  await rm(partial, { force: true });
  try {
    if ("url" in source) {
      await pgDump(source.url, partial);
      say(`Backed up the PostgreSQL database with pg_dump (custom format) to ${out}`);
    } else {
      const { tables, rows } = await writeEmbeddedDump(source.database.db, partial);
      say(`Backed up the embedded database (${tables} tables, ${rows} rows) to ${out}`);
    }
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
  }
  if (s3) {
    const keys = await onDatabase(source, (db) =>
      queryRows<{ key: string }>(
        db,
        sql`select storage_key as key from ticket_attachments
            where storage = 's3' and storage_key is not null order by storage_key`,
      ),
    );
    await writeFile(
      s3ManifestOf(out),
      [`# S3 bucket ${s3.bucket}: the attachments' keys`, ...keys.map((k) => k.key), ""].join("\n"),
    );
    say(
      `Attachments are stored in S3 (bucket ${s3.bucket}), not in this backup: their ${keys.length} keys are listed in ${s3ManifestOf(out)}. Back the bucket up with its own versioning or replication.`,
    );
  }
}

function onDatabase<T>(place: Place, work: (db: Db) => Promise<T>): Promise<T> {
  return "url" in place ? withPostgres(place.url, work) : work(place.database.db);
}

type Kind = "embedded" | "pg_dump";

/** Which of the two formats a file is, from its first bytes. */
async function formatOf(file: string): Promise<Kind> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch {
    throw new BackupRefusal(`Cannot read the backup file ${file}. Nothing was restored.`);
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return "embedded";
    if (bytesRead === 5 && buffer.toString("latin1") === "PGDMP") return "pg_dump";
    throw new BackupRefusal(`${file} is not a Harborline backup. Nothing was restored.`);
  } finally {
    await handle.close();
  }
}

/** A migration by name when this build ships it, else by the date it was made. */
function migrationName(when: number): string {
  const journal = JSON.parse(
    readFileSync(
      path.join(fileURLToPath(new URL("../db/migrations", import.meta.url)), "meta/_journal.json"),
      "utf8",
    ),
  ) as { entries: { when: number; tag: string }[] };
  const entry = journal.entries.find((e) => e.when === when);
  return entry ? entry.tag : `one made ${new Date(when).toISOString().slice(0, 10)}`;
}

function refuseNewer(migration: number | undefined) {
  if (migration === undefined) {
    throw new BackupRefusal("The backup holds no Harborline schema. Nothing was restored.");
  }
  if (migration > newestMigration()) {
    throw new BackupRefusal(
      `This backup is from a newer version of Harborline (its database is at migration ${migrationName(migration)}; this version's newest is ${migrationName(newestMigration())}). Upgrade Harborline, then restore. Nothing was restored.`,
    );
  }
}

function refuseFilled(tables: string[], where: string) {
  if (tables.length > 0) {
    const listed = tables.slice(0, 5).join(", ") + (tables.length > 5 ? ", ..." : "");
    throw new BackupRefusal(
      `${where} is not empty (rows in ${listed}). Restore only into an empty database: create a new one, or point ${where.startsWith("The PostgreSQL") ? "DATABASE_URL" : "DATA_DIR"} at a new folder. Nothing was changed.`,
    );
  }
}

/**
 * Restores a backup into an empty database, all or nothing: the file is checked whole first,
 * then written in one transaction. Refused, with nothing changed: a damaged or foreign file, a
 * newer schema, a target with rows.
 */
export async function restore(
  target: Place | { dataDir: string },
  file: string,
  say: Say,
): Promise<void> {
  const kind = await formatOf(file);
  if (kind === "pg_dump") {
    if (!("url" in target)) {
      throw new BackupRefusal(
        "This is a PostgreSQL backup (pg_dump): it restores into PostgreSQL. Set DATABASE_URL to an empty database and run the restore again. Nothing was restored.",
      );
    }
    const migration = await pgDumpMigration(file);
    refuseNewer(migration);
    await withPostgres(target.url, async (db) => {
      refuseFilled(await tablesWithRows(db), "The PostgreSQL database");
      const present = await appliedMigration(db);
      if (present !== undefined && present !== migration) {
        throw new BackupRefusal(
          `The PostgreSQL database is already migrated to ${migrationName(present)}, the backup is at ${migrationName(migration!)}. Restore into a new database (createdb) instead: the server migrates it when it starts. Nothing was changed.`,
        );
      }
    });
    say(`Restoring ${file} with pg_restore, in one transaction...`);
    await pgRestore(target.url, file);
    say("Restored. Start the server: it applies any newer migrations.");
    return;
  }
  say(`Checking ${file}...`);
  const dump = await checkEmbeddedDump(file);
  refuseNewer(dump.header.migration);
  if (dump.header.migration < newestMigration()) {
    throw new BackupRefusal(
      `This backup is from an older version of Harborline (migration ${migrationName(dump.header.migration)}; this version's newest is ${migrationName(newestMigration())}). Restore it with the version that made it, then upgrade. Nothing was restored.`,
    );
  }
  const where = "url" in target ? "The PostgreSQL database" : "The embedded database";
  if ("url" in target) {
    await withPostgres(target.url, async (db) => {
      refuseFilled(await tablesWithRows(db), where);
      const present = await appliedMigration(db);
      if (present !== undefined && present !== dump.header.migration) {
        throw new BackupRefusal(
          `The PostgreSQL database is migrated to ${migrationName(present)}, not to ${migrationName(dump.header.migration)} as the data is. Use a new database, or one migrated by this version of Harborline. Nothing was changed.`,
        );
      }
    });
  }
  // Opened only now, once the file has passed its checks (the embedded one: made if need be).
  const database =
    "url" in target
      ? await openDatabase({ url: target.url })
      : "dataDir" in target
        ? await openDatabase({ dataDir: target.dataDir })
        : target.database;
  try {
    let rows = 0;
    await database.db.transaction(async (tx) => {
      refuseFilled(await tablesWithRows(tx), where);
      say(`Restoring ${dump.rows.size} tables in one transaction...`);
      rows = await loadEmbeddedDump(tx, file, dump, say);
    });
    say(`Restored ${rows} rows.`);
  } finally {
    if (!("database" in target)) await database.close();
  }
}

/**
 * Copies the embedded database to an empty PostgreSQL database (migrated here when it has no
 * tables yet): every row but the sessions, and every sequence's position. It goes through the
 * embedded dump and the restore, so it is checked and written the same way.
 */
export async function moveToPostgres(source: Database, url: string, say: Say): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "harborline-move-"));
  const file = path.join(folder, "embedded.dump");
  try {
    await writeEmbeddedDump(source.db, file, { skipTables: NOT_MOVED });
    await restore({ url }, file, say);
    say("Moved. Everyone signs in again on the new server: sessions are not moved.");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
