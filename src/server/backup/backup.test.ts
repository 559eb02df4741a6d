import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import {
  dashboardOf,
  fillWithEveryKindOfRow,
  fingerprint,
  runScript,
  withHeader,
  withRowChanged,
} from "../../../tests/support/backup";
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  dropPostgresDatabase,
  type DatabaseKind,
  type TestDatabase,
} from "../../../tests/support/database";
import { newestMigration, openDatabase } from "../db/client";
import { demoClientEmail } from "../demo/seed";
import { backUp, restore, type Place } from "./backup";
import { BackupRefusal } from "./refusal";
import { tablesWithRows } from "./tables";

const quiet = () => {};

/** An empty database of the kind: an in-memory PGlite, or a new PostgreSQL database (no tables). */
async function anEmptyTarget(
  kind: DatabaseKind,
): Promise<{ place: Place; open(): Promise<TestDatabase> }> {
  if (kind === "pglite") {
    const database = await createTestDatabase("pglite");
    return { place: { database }, open: async () => database };
  }
  const url = await createPostgresDatabase();
  return {
    place: { url },
    open: async () => {
      const database = await openDatabase({ url });
      return {
        ...database,
        url,
        drop: async () => {
          await database.close();
          await dropPostgresDatabase(url);
        },
      };
    },
  };
}

describe.each(databaseKinds)("backups on %s", (kind) => {
  let source: TestApp;
  let folder: string;
  let file: string;
  let sourcePrint: Record<string, string>;
  let sourceDashboard: Awaited<ReturnType<typeof dashboardOf>>;
  const sourcePlace = (): Place =>
    kind === "postgres" ? { url: source.database.url! } : { database: source.database };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "harborline-backup-"));
    source = await createTestApp(kind);
    const cookie = await fillWithEveryKindOfRow(source);
    sourceDashboard = await dashboardOf(source, cookie);
    // The app's background work (the outbox, its schedules) stops: the rows stay as backed up.
    await source.app.close();
    file = path.join(folder, "nightly.dump");
    sourcePrint = await fingerprint(source.database.db);
    await backUp(sourcePlace(), file, quiet);
    // Nothing ran in the background meanwhile: the backup is of these rows.
    expect(await fingerprint(source.database.db)).toEqual(sourcePrint);
  }, 240_000);
  afterAll(async () => {
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("restores into a new database every table's rows, and the app shows the same dashboard", async () => {
    expect(sourcePrint.ticket_attachments).toMatch(/^1 rows/);
    expect(sourcePrint.leads).toMatch(/^2 rows/);
    expect(sourcePrint.audit_events).not.toMatch(/^0 rows/);
    const target = await anEmptyTarget(kind);
    await restore(target.place, file, quiet);
    const restored = await target.open();
    expect(await fingerprint(restored.db)).toEqual(sourcePrint);
    const app = await createTestApp(kind, {}, { database: restored });
    try {
      const cookie = await signInAs(app, demoClientEmail);
      expect(await dashboardOf(app, cookie)).toEqual(sourceDashboard);
      // The app's background work stops; the database stays open for what follows.
      await app.app.close();
      // Not empty any more: a second restore is refused, and changes nothing.
      const before = await fingerprint(restored.db);
      await expect(restore(target.place, file, quiet)).rejects.toThrow(
        /is not empty \(rows in .*\)\. Restore only into an empty database/,
      );
      expect(await fingerprint(restored.db)).toEqual(before);
    } finally {
      await app.close();
    }
  }, 180_000);

  it("refuses a damaged file or one from a newer schema, and leaves the target empty", async () => {
    const damaged = path.join(folder, "damaged.dump");
    const newer = path.join(folder, "newer.dump");
    if (kind === "pglite") {
      withRowChanged(file, damaged);
      withHeader(file, newer, (header) => {
        header.migration = newestMigration() + 86_400_000;
      });
    } else {
      writeFileSync(damaged, readFileSync(file).subarray(0, 40_000));
      const { db } = source.database;
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at)
                           values ('from-a-newer-version', ${newestMigration() + 86_400_000})`);
      try {
        await backUp(sourcePlace(), newer, quiet);
      } finally {
        await db.execute(
          sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'`,
        );
      }
    }
    const target = await anEmptyTarget(kind);
    try {
      await expect(restore(target.place, damaged, quiet)).rejects.toThrow(
        kind === "pglite"
          ? /^The backup file is damaged: its checksum does not match its contents\. Nothing was restored\.$/
          : /damaged|pg_restore failed/,
      );
      const refusal = restore(target.place, newer, quiet);
      await expect(refusal).rejects.toThrow(BackupRefusal);
      await expect(refusal).rejects.toThrow(
        /^This backup is from a newer version of Harborline \(its database is at migration one made .*\)\. Upgrade Harborline, then restore\. Nothing was restored\.$/,
      );
      await expect(restore(target.place, path.join(folder, "missing.dump"), quiet)).rejects.toThrow(
        /^Cannot read the backup file/,
      );
      const database = await target.open();
      try {
        expect(await tablesWithRows(database.db)).toEqual([]);
      } finally {
        await database.drop();
      }
    } finally {
      if ("database" in target.place) await target.place.database.close();
    }
  }, 180_000);

  it("leaves the target empty when the restore is killed midway", async () => {
    if (kind === "pglite") {
      const dataDir = path.join(folder, "killed");
      const run = await runScript("scripts/restore.ts", [file], { DATA_DIR: dataDir }, (output) =>
        /^ {2}\w+: \d+ rows$/m.test(output),
      );
      expect(run.signal).toBe("SIGKILL");
      expect(run.output).not.toMatch(/Restored \d+ rows/);
      const database = await openDatabase({ dataDir });
      try {
        expect(await tablesWithRows(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
      return;
    }
    const url = await createPostgresDatabase();
    const name = new URL(url).pathname.slice(1);
    const watcher = await openDatabase({ url: process.env.TEST_DATABASE_URL! });
    try {
      let inTransaction = false;
      const polling = (async () => {
        for (let i = 0; i < 1_200 && !inTransaction; i++) {
          const result = (await watcher.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = ${name} and application_name = 'pg_restore' and xact_start is not null`,
          )) as unknown as { rows: { n: number }[] };
          inTransaction = result.rows[0]!.n > 0;
          if (!inTransaction) await new Promise((done) => setTimeout(done, 25));
        }
      })();
      const run = await runScript(
        "scripts/restore.ts",
        [file],
        { DATABASE_URL: url },
        () => inTransaction,
      );
      await polling;
      expect(run.signal).toBe("SIGKILL");
      const target = await openDatabase({ url });
      try {
        expect(await tablesWithRows(target.db)).toEqual([]);
      } finally {
        await target.close();
      }
    } finally {
      await watcher.close();
      await dropPostgresDatabase(url);
    }
  }, 180_000);
});
