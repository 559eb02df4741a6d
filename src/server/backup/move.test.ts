import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../tests/support/app";
import {
  dashboardOf,
  fillWithEveryKindOfRow,
  fingerprint,
  runScript,
} from "../../../tests/support/backup";
import { createPostgresDatabase, dropPostgresDatabase } from "../../../tests/support/database";
import { anInvoice } from "../../../tests/support/factories";
import { openDatabase, queryRows, type Db } from "../db/client";
import { demoClientEmail } from "../demo/seed";
import { moveToPostgres, restore } from "./backup";
import { writeEmbeddedDump } from "./embedded-dump";
import { sequencePositions, tablesWithRows } from "./tables";

const quiet = () => {};

const invoiceNumbers = async (db: Db) =>
  (
    await queryRows<{ number: string }>(
      db,
      sql`select number from invoices where number is not null order by number`,
    )
  ).map((row) => row.number);

describe.skipIf(!process.env.TEST_DATABASE_URL)("moving a trial to PostgreSQL", () => {
  let trial: TestApp;
  let trialCookie: string;
  const urls: string[] = [];

  beforeAll(async () => {
    trial = await createTestApp("pglite");
    trialCookie = await fillWithEveryKindOfRow(trial);
    // A few rows typed during the trial, after the demo: a client, an invoice.
    const companyId = await companyOf(trial, demoClientEmail);
    await anInvoice(trial.database.db, companyId, { state: "open" });
  }, 240_000);
  afterAll(async () => {
    await trial?.close();
    for (const url of urls) await dropPostgresDatabase(url);
  });

  async function aNewDatabase() {
    const url = await createPostgresDatabase();
    urls.push(url);
    return url;
  }

  it("copies every row and sequence; the app shows the same dashboard, numbers go on, sessions end", async () => {
    const url = await aNewDatabase();
    const before = await fingerprint(trial.database.db);
    await moveToPostgres(trial.database, url, quiet);
    const moved = await openDatabase({ url });
    // Read before an app runs on it: its outbox would start sending the trial's due emails.
    const { sessions, ...rows } = await fingerprint(moved.db);
    const app = await createTestApp(
      "postgres",
      {},
      {
        database: { ...moved, url, drop: () => moved.close() },
      },
    );
    try {
      const { sessions: trialSessions, ...trialRows } = before;
      expect(rows).toEqual(trialRows);
      expect(trialSessions).not.toMatch(/^0 rows/);
      expect(sessions).toBe("0 rows, -");
      expect(await sequencePositions(moved.db)).toEqual(await sequencePositions(trial.database.db));

      // Sessions are not moved: the trial's cookie signs no one in.
      expect((await callApi(app, trialCookie, "GET", "/api/websites")).statusCode).toBe(401);
      const cookie = await signInAs(app, demoClientEmail);
      expect(await dashboardOf(app, cookie)).toEqual(await dashboardOf(trial, trialCookie));

      // The next invoice takes the number after the trial's last, as the trial would have.
      const numbers = await invoiceNumbers(trial.database.db);
      const companyId = await companyOf(app, demoClientEmail);
      const next = await anInvoice(moved.db, companyId, { state: "open" });
      const last = numbers.filter((n) => n.startsWith(next.number!.slice(0, 8))).at(-1);
      expect(last).toBeDefined();
      expect(Number(next.number!.slice(-4))).toBe(Number(last!.slice(-4)) + 1);
    } finally {
      await app.close();
    }
  }, 180_000);

  it("refuses a target that is not empty, or migrated to another version, and changes nothing", async () => {
    const filled = urls[0]!;
    await expect(moveToPostgres(trial.database, filled, quiet)).rejects.toThrow(
      /^The PostgreSQL database is not empty \(rows in .*\)\. Restore only into an empty database/,
    );

    const other = await aNewDatabase();
    const migrated = await openDatabase({ url: other });
    try {
      await migrated.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await expect(moveToPostgres(trial.database, other, quiet)).rejects.toThrow(
        /^The PostgreSQL database is migrated to 0\d+_\w+, not to 0\d+_\w+ as the data is\./,
      );
      const [row] = await queryRows<{ n: number }>(
        migrated.db,
        sql`select count(*)::int as n from users`,
      );
      expect(row!.n).toBe(0);
    } finally {
      await migrated.close();
    }
  }, 120_000);

  it("leaves the target empty when the move is killed midway", async () => {
    // The command moves a trial's folder: the trial's rows, in a DATA_DIR of their own.
    const folder = mkdtempSync(path.join(tmpdir(), "harborline-move-"));
    try {
      const file = path.join(folder, "trial.dump");
      await writeEmbeddedDump(trial.database.db, file);
      const dataDir = path.join(folder, "data");
      await restore({ dataDir }, file, quiet);
      const url = await aNewDatabase();
      const run = await runScript(
        "scripts/db-move.ts",
        ["--to", url],
        { DATA_DIR: dataDir },
        (output) => /^ {2}\w+: \d+ rows$/m.test(output),
      );
      expect(run.signal).toBe("SIGKILL");
      const target = await openDatabase({ url });
      try {
        expect(await tablesWithRows(target.db)).toEqual([]);
      } finally {
        await target.close();
      }
      // Run again, it moves everything.
      const again = await runScript(
        "scripts/db-move.ts",
        ["--to", url],
        { DATA_DIR: dataDir },
        () => false,
      );
      expect(again.output).toMatch(/^Moved\. Everyone signs in again/m);
      const moved = await openDatabase({ url });
      const source = await openDatabase({ dataDir });
      try {
        const { sessions: _none, ...rows } = await fingerprint(moved.db);
        const { sessions: _some, ...trialRows } = await fingerprint(source.db);
        expect(rows).toEqual(trialRows);
      } finally {
        await moved.close();
        await source.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
