import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { onTwoInstances, runAsTheClockMoves } from "../../../tests/support/instances";
import type { Db } from "../db/client";
import {
  companies,
  companyMembers,
  monthlyReports,
  outboxEmails,
  reportSettings,
  users,
} from "../db/schema";
import { addPlan } from "../billing/billing";
import { createReportsWorker, runReportsOnce } from "./archive";

const settings = { publicUrl: "https://www.example.test", agencyInbox: "desk@example.test" };
const silent = { info() {}, error() {} };
/** Noon in Gig Harbor on a day. */
const on = (day: string) => new Date(`${day}T20:00:00Z`);

async function client(db: Db, name: string, planName: string | null, owner?: string) {
  const [company] = await db.insert(companies).values({ name }).returning();
  if (planName) {
    await addPlan(db, company!.id, {
      name: planName,
      amountCents: 40_000,
      billingDay: 1,
      startsOn: "2026-01-01",
    });
  }
  if (owner) {
    const [user] = await db.insert(users).values({ email: owner }).returning();
    await db
      .insert(companyMembers)
      .values({ companyId: company!.id, userId: user!.id, role: "owner" });
  }
  return company!.id;
}

const archived = (db: Db) =>
  db
    .select({ companyId: monthlyReports.companyId, month: monthlyReports.month })
    .from(monthlyReports)
    .orderBy(asc(monthlyReports.month), asc(monthlyReports.companyId));

describe.each(databaseKinds)("the monthly reports' archive on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterEach(() => database.drop());

  it("makes each care client's report once per month on the 1st, catching up, emailing unless turned off", async () => {
    const rivera = await client(db, "Rivera Bakery", "Basic Care", "owner@rivera.example");
    const tidepool = await client(db, "Tidepool Cafe", "Starter Hosting", "owner@tidepool.example");
    await client(db, "One-off Site", "Website build", "owner@oneoff.example");
    await client(db, "No Plan", null);
    await db.insert(reportSettings).values({ companyId: tidepool, emailReports: false });

    // Still January in Gig Harbor (Feb 1, 05:00 UTC is Jan 31, 9 PM PST): nothing yet.
    expect(await runReportsOnce({ db, settings, now: new Date("2026-02-01T05:00:00Z") })).toEqual({
      made: 0,
      emailed: 0,
      errors: 0,
    });
    expect(await runReportsOnce({ db, settings, now: on("2026-02-01") })).toEqual({
      made: 2,
      emailed: 1,
      errors: 0,
    });
    // Down all of March: April's first pass makes February's and March's.
    expect(await runReportsOnce({ db, settings, now: on("2026-04-02") })).toEqual({
      made: 4,
      emailed: 2,
      errors: 0,
    });
    expect(await runReportsOnce({ db, settings, now: on("2026-04-20") })).toEqual({
      made: 0,
      emailed: 0,
      errors: 0,
    });
    const names = new Map([
      [rivera, "Rivera"],
      [tidepool, "Tidepool"],
    ]);
    expect(
      (await archived(db)).map((row) => `${row.month} ${names.get(row.companyId)}`).sort(),
    ).toEqual([
      "2026-01 Rivera",
      "2026-01 Tidepool",
      "2026-02 Rivera",
      "2026-02 Tidepool",
      "2026-03 Rivera",
      "2026-03 Tidepool",
    ]);
    // By month: one pass makes reports two at a time, so their emails may be queued in any order.
    const month = (email: { attachments: { filename: string }[] | null }) =>
      email.attachments?.[0]?.filename ?? "";
    const emails = (await db.select().from(outboxEmails)).sort((a, b) =>
      month(a).localeCompare(month(b)),
    );
    expect(emails.map((email) => [email.to, email.subject])).toEqual(
      [
        ["owner@rivera.example", "Your care report for January 2026 from Harborline"],
        ["owner@rivera.example", "Your care report for February 2026 from Harborline"],
        ["owner@rivera.example", "Your care report for March 2026 from Harborline"],
      ].map(([to, subject]) => [to, expect.stringContaining(subject!.split(" from ")[0]!)]),
    );
    expect(emails[0]!.attachments).toEqual([
      expect.objectContaining({
        filename: "care-report-2026-01.pdf",
        contentType: "application/pdf",
      }),
    ]);
    const pdf = Buffer.from(emails[0]!.attachments![0]!.contentBase64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const [tidepoolReport] = await db
      .select()
      .from(monthlyReports)
      .where(eq(monthlyReports.companyId, tidepool));
    expect(tidepoolReport!.emailedAt).toBeNull();
  });

  it("makes one report per client and month when two workers run while the clock moves three months", async () => {
    await client(db, "Rivera Bakery", "Basic Care", "owner@rivera.example");
    await client(db, "Harbor Dental", "Premium Care", "owner@dental.example");
    let clock = on("2026-01-15");
    const workers = [0, 1].map(() =>
      createReportsWorker({ db, settings, log: silent, intervalMs: 5, now: () => clock }),
    );
    workers.forEach((worker) => worker.start());
    for (const day of ["2026-02-01", "2026-03-01", "2026-04-01", "2026-04-02"]) {
      clock = on(day);
      await Promise.all(workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]));
    }
    await Promise.all(workers.map((worker) => worker.stop()));
    expect((await archived(db)).map((row) => row.month)).toEqual([
      "2026-01",
      "2026-01",
      "2026-02",
      "2026-02",
      "2026-03",
      "2026-03",
    ]);
    expect(await db.select().from(outboxEmails)).toHaveLength(6);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the monthly reports on one PostgreSQL", () => {
  it("makes one report per client and month when two instances run while the clock moves", async () => {
    await onTwoInstances(async (a, b) => {
      await client(a.db, "Rivera Bakery", "Basic Care", "owner@rivera.example");
      await client(a.db, "Harbor Dental", "Premium Care", "owner@dental.example");
      await runAsTheClockMoves(
        [a.db, b.db],
        (db, now) => createReportsWorker({ db, settings, log: silent, intervalMs: 5, now }),
        on("2026-01-15"),
        ["2026-02-01", "2026-03-01", "2026-04-01", "2026-04-02"].map(on),
      );
      expect(await archived(a.db)).toHaveLength(6);
      expect(await a.db.select().from(outboxEmails)).toHaveLength(6);
    });
  });
});
