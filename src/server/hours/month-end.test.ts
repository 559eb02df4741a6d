import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { onTwoInstances, runAsTheClockMoves } from "../../../tests/support/instances";
import type { Db } from "../db/client";
import { companies, hoursMonthEnds, invoices, outboxEmails, timeEntries } from "../db/schema";
import { addPlan } from "../billing/billing";
import type { BillingSettings } from "../billing/settings";
import { createHoursWorker, runMonthEndOnce } from "./month-end";

const settings: BillingSettings = {
  publicUrl: "https://www.example.test",
  agencyInbox: "billing@example.test",
  taxRatePpm: 0,
  cardsAccepted: false,
};
const silent = { info() {}, error() {} };
/** Noon in Gig Harbor on a day. */
const on = (day: string) => new Date(`${day}T20:00:00Z`);

async function careClient(db: Db, name: string, planName: string) {
  const [company] = await db.insert(companies).values({ name }).returning();
  await addPlan(db, company!.id, {
    name: planName,
    amountCents: 40_000,
    billingDay: 1,
    startsOn: "2026-01-01",
  });
  return company!.id;
}

async function logged(db: Db, companyId: string, workDate: string, minutes: number) {
  await db.insert(timeEntries).values({ companyId, workDate, minutes, note: "Care work" });
}

const drafts = (db: Db) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.source, "overage"))
    .orderBy(asc(invoices.periodStart), asc(invoices.totalCents));

describe.each(databaseKinds)("the hours' month end on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterEach(() => database.drop());

  it("drafts the hours beyond the plan's at its rate once the month has ended, and catches up", async () => {
    // Basic Care includes 2 hours at $125.00 an hour beyond.
    const rivera = await careClient(db, "Rivera Bakery", "Basic Care");
    const hostingOnly = await careClient(db, "Tidepool Cafe", "Starter Hosting");
    await logged(db, rivera, "2026-02-03", 120);
    await logged(db, rivera, "2026-02-27", 75); // 3 hr 15 min in February: 1 hr 15 min beyond
    await logged(db, rivera, "2026-03-10", 60); // within March's 2 hours
    await logged(db, rivera, "2026-04-02", 200); // 1 hr 20 min beyond: $166.67
    await logged(db, hostingOnly, "2026-02-03", 600);

    // Still February in Gig Harbor (March 1, 05:00 UTC is Feb 28, 9 PM PST): nothing yet.
    expect(await runMonthEndOnce({ db, settings, now: new Date("2026-03-01T05:00:00Z") })).toEqual({
      monthsClosed: 1,
      draftsMade: 0,
      errors: 0,
    });
    expect(await drafts(db)).toHaveLength(0);

    // Down all of March and April: May's first pass closes February, March and April.
    const run = await runMonthEndOnce({ db, settings, now: on("2026-05-01") });
    expect(run).toEqual({ monthsClosed: 3, draftsMade: 2, errors: 0 });
    const made = await drafts(db);
    expect(
      made.map((invoice) => [invoice.periodStart, invoice.status, invoice.totalCents]),
    ).toEqual([
      ["2026-02-01", "draft", 15_625],
      ["2026-04-01", "draft", 16_667],
    ]);
    expect(made[0]!.number).toBeNull();
    expect(made[0]!.lines[0]!.description).toBe(
      "Care hours beyond the plan, February 2026: 1 hr 15 min at $125.00 an hour",
    );
    // Nothing is issued or emailed.
    expect(await db.select().from(outboxEmails)).toHaveLength(0);

    // A draft staff delete is not made again.
    await db.delete(invoices).where(eq(invoices.id, made[0]!.id));
    expect(await runMonthEndOnce({ db, settings, now: on("2026-05-20") })).toEqual({
      monthsClosed: 0,
      draftsMade: 0,
      errors: 0,
    });
    expect(await drafts(db)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the hours' month end on one PostgreSQL", () => {
  it("closes each client's month exactly once when two instances run it while the months go by", async () => {
    await onTwoInstances(async (a, b) => {
      const rivera = await careClient(a.db, "Rivera Bakery", "Basic Care");
      const dental = await careClient(a.db, "Harbor Dental", "Premium Care");
      for (const month of ["2026-01", "2026-02", "2026-03"]) {
        await logged(a.db, rivera, `${month}-10`, 180); // an hour beyond Basic Care's 2
        await logged(a.db, dental, `${month}-10`, 13 * 60); // an hour beyond Premium Care's 12
      }
      await runAsTheClockMoves(
        [a.db, b.db],
        (db, now) => createHoursWorker({ db, settings, log: silent, intervalMs: 5, now }),
        on("2026-01-15"),
        ["2026-02-01", "2026-03-01", "2026-04-01", "2026-04-02"].map(on),
      );

      const made = await drafts(a.db);
      const names = new Map([
        [rivera, "Rivera"],
        [dental, "Dental"],
      ]);
      expect(
        made.map((invoice) => `${invoice.periodStart} ${names.get(invoice.companyId)}`).sort(),
      ).toEqual([
        "2026-01-01 Dental",
        "2026-01-01 Rivera",
        "2026-02-01 Dental",
        "2026-02-01 Rivera",
        "2026-03-01 Dental",
        "2026-03-01 Rivera",
      ]);
      expect(made.every((invoice) => invoice.totalCents === 12_500)).toBe(true);
      expect(await a.db.select().from(hoursMonthEnds)).toHaveLength(6);
    });
  });
});
