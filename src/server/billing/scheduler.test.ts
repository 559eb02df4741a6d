import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callApi, companyOf, createTestApp, signInAs } from "../../../tests/support/app";
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  dropPostgresDatabase,
  type TestDatabase,
} from "../../../tests/support/database";
import { openDatabase, type Db } from "../db/client";
import {
  billingAccounts,
  companies,
  companyMembers,
  invoiceReminders,
  invoices,
  outboxEmails,
  users,
} from "../db/schema";
import { addPlan, cancelPlan, updatePlan } from "./billing";
import { recordPayment } from "./invoice-payments";
import type { BillingSettings } from "./settings";
import {
  createBillingWorker,
  runBillingOnce,
  type ChargeSavedCard,
  type SavedCardCharge,
} from "./scheduler";

const settings: BillingSettings = {
  publicUrl: "https://www.example.test",
  agencyInbox: "billing@example.test",
  // Washington's 10.1%: what autopay charges is the invoice's total with tax.
  taxRatePpm: 101_000,
  cardsAccepted: true,
};

const silent = { info() {}, warn() {}, error() {} };

/** A moment on a calendar day, mid-morning UTC (as the scheduler sees "today"). */
const on = (day: string) => new Date(`${day}T10:00:00Z`);

/** A client company with an owner, a billing member and a plain member (who sees no billing). */
async function clientCompany(db: Db, name: string) {
  const [company] = await db.insert(companies).values({ name }).returning();
  const slug = name.toLowerCase().replaceAll(/\W+/g, "-");
  const people = [
    { email: `owner@${slug}.test`, firstName: "Olive", role: "owner" },
    { email: `books@${slug}.test`, firstName: "Bill", role: "billing" },
    { email: `staffer@${slug}.test`, firstName: "Mel", role: "member" },
  ] as const;
  for (const person of people) {
    const [user] = await db
      .insert(users)
      .values({ email: person.email, firstName: person.firstName })
      .returning();
    await db
      .insert(companyMembers)
      .values({ companyId: company!.id, userId: user!.id, role: person.role });
  }
  return { id: company!.id, billingEmails: [people[0].email, people[1].email].sort() };
}

async function withAutopay(db: Db, companyId: string, card: string) {
  await db.insert(billingAccounts).values({
    companyId,
    stripeCustomerId: `cus_${card}`,
    stripePaymentMethodId: `pm_${card}`,
    cardBrand: "Visa",
    cardLast4: "4242",
    autopay: true,
  });
}

const plan = (name: string, amountCents: number, billingDay: number, startsOn: string) => ({
  name,
  amountCents: String(amountCents),
  billingDay: String(billingDay),
  startsOn,
});

/** A company's invoices as its portal lists them: by number. */
async function invoicesOf(db: Db, companyId?: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(companyId ? eq(invoices.companyId, companyId) : undefined)
    .orderBy(asc(invoices.number));
  return rows.map((row) => ({
    number: row.number,
    status: row.status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    line: row.lines.map((line) => line.description).join("; "),
    totalCents: row.totalCents,
  }));
}

async function emailsOf(db: Db, kind: string) {
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.kind, kind))
    .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.to));
  return rows;
}

describe.each(databaseKinds)("the billing schedule on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterEach(async () => {
    await database.drop();
  });

  it("catches up after downtime: both missed billing dates invoiced on the next run, in date order", async () => {
    const client = await clientCompany(db, "Rivera Bakery");
    await addPlan(db, client.id, plan("VPS Hosting", 2499, 5, "2026-01-01"));

    // Nothing before the first billing date.
    expect(await runBillingOnce({ db, settings, now: on("2026-01-04") })).toMatchObject({
      invoicesIssued: 0,
    });
    // Down from January 4 to February 10: January 5 and February 5 were missed.
    expect(await runBillingOnce({ db, settings, now: on("2026-02-10") })).toMatchObject({
      invoicesIssued: 2,
      errors: 0,
    });
    const expected = [
      {
        number: "HL-2026-0001",
        status: "open",
        issueDate: "2026-01-05",
        // Due 14 days after the client first saw it, not 14 days after January 5.
        dueDate: "2026-02-24",
        line: "VPS Hosting, Jan 5, 2026 to Feb 4, 2026",
        totalCents: 2751,
      },
      {
        number: "HL-2026-0002",
        status: "open",
        issueDate: "2026-02-05",
        dueDate: "2026-02-24",
        line: "VPS Hosting, Feb 5, 2026 to Mar 4, 2026",
        totalCents: 2751,
      },
    ];
    expect(await invoicesOf(db)).toEqual(expected);

    // Running again changes nothing.
    expect(await runBillingOnce({ db, settings, now: on("2026-02-10") })).toMatchObject({
      invoicesIssued: 0,
    });
    expect(await invoicesOf(db)).toEqual(expected);

    // Each invoice was emailed once, with its PDF, to the owner and the billing member.
    const issued = await emailsOf(db, "invoice-issued");
    expect(issued.map((email) => [email.subject, email.to])).toEqual([
      ["Invoice HL-2026-0001 from Harborline: $27.51", client.billingEmails[0]],
      ["Invoice HL-2026-0001 from Harborline: $27.51", client.billingEmails[1]],
      ["Invoice HL-2026-0002 from Harborline: $27.51", client.billingEmails[0]],
      ["Invoice HL-2026-0002 from Harborline: $27.51", client.billingEmails[1]],
    ]);
    expect(issued[0]!.text).toContain("It is due on Feb 24, 2026.");
    expect(issued[0]!.attachments).toEqual([
      expect.objectContaining({ filename: "invoice-HL-2026-0001.pdf" }),
    ]);
    // Nothing overdue yet, so no reminder.
    expect(await emailsOf(db, "invoice-reminder")).toEqual([]);
  });

  it("uses a plan's new name and price on its next invoice, and invoices a cancelled plan no more", async () => {
    const client = await clientCompany(db, "Harbor Dental");
    const hosting = await addPlan(db, client.id, plan("VPS Hosting", 2499, 10, "2026-01-10"));
    await runBillingOnce({ db, settings, now: on("2026-01-10") });

    // An approved plan change: the next invoice says so.
    await updatePlan(db, hosting.id, plan("Managed Hosting", 4999, 10, "2026-01-10"));
    await runBillingOnce({ db, settings, now: on("2026-02-10") });

    await cancelPlan(db, hosting.id, on("2026-02-20"));
    expect(await runBillingOnce({ db, settings, now: on("2026-03-10") })).toMatchObject({
      invoicesIssued: 0,
    });
    await runBillingOnce({ db, settings, now: on("2026-05-11") });

    expect(await invoicesOf(db)).toEqual([
      expect.objectContaining({
        number: "HL-2026-0001",
        line: "VPS Hosting, Jan 10, 2026 to Feb 9, 2026",
        totalCents: 2751,
      }),
      expect.objectContaining({
        number: "HL-2026-0002",
        line: "Managed Hosting, Feb 10, 2026 to Mar 9, 2026",
        // $49.99 and 10.1% tax ($5.05).
        totalCents: 5504,
      }),
    ]);
  });

  it("does not invoice again months already invoiced when a plan's billing day moves", async () => {
    const client = await clientCompany(db, "Gig Harbor Kayaks");
    const hosting = await addPlan(db, client.id, plan("VPS Hosting", 2499, 5, "2026-01-01"));
    await runBillingOnce({ db, settings, now: on("2026-02-06") });
    // Invoiced to March 4; from now on billed on the 20th.
    await updatePlan(db, hosting.id, plan("VPS Hosting", 2499, 20, "2026-01-01"));
    await runBillingOnce({ db, settings, now: on("2026-03-21") });
    expect((await invoicesOf(db)).map((invoice) => invoice.line)).toEqual([
      "VPS Hosting, Jan 5, 2026 to Feb 4, 2026",
      "VPS Hosting, Feb 5, 2026 to Mar 4, 2026",
      "VPS Hosting, Mar 20, 2026 to Apr 19, 2026",
    ]);
  });

  it("reminds at the due date and 7 and 14 days after, each once, never once paid, and only the latest after downtime", async () => {
    const client = await clientCompany(db, "Olympic Florist");
    await addPlan(db, client.id, plan("Website Care", 9900, 1, "2026-03-01"));
    const reminders = async () =>
      (await emailsOf(db, "invoice-reminder")).map((email) => `${email.to}: ${email.subject}`);
    const run = (day: string) => runBillingOnce({ db, settings, now: on(day) });

    await run("2026-03-01"); // HL-2026-0001, due March 15.
    await run("2026-03-14");
    expect(await reminders()).toEqual([]);

    expect(await run("2026-03-15")).toMatchObject({ remindersSent: 1 });
    expect(await run("2026-03-15")).toMatchObject({ remindersSent: 0 });
    await run("2026-03-16");
    await run("2026-03-22");
    await run("2026-03-23");
    await run("2026-03-29");
    await run("2026-03-31");
    // Ordered by address: the billing member (books@) first, then the owner.
    const [books, owner] = client.billingEmails;
    expect(await reminders()).toEqual([
      `${books}: Reminder: invoice HL-2026-0001 is due today`,
      `${owner}: Reminder: invoice HL-2026-0001 is due today`,
      `${books}: Overdue: invoice HL-2026-0001 ($109.00 unpaid)`,
      `${owner}: Overdue: invoice HL-2026-0001 ($109.00 unpaid)`,
      `${books}: Overdue: invoice HL-2026-0001 ($109.00 unpaid)`,
      `${owner}: Overdue: invoice HL-2026-0001 ($109.00 unpaid)`,
    ]);
    const emails = await emailsOf(db, "invoice-reminder");
    expect(emails[0]!.text).toContain(
      "Invoice HL-2026-0001 is due today (Mar 15, 2026). $109.00 is still unpaid.",
    );
    expect(emails[2]!.text).toContain("was due on Mar 15, 2026, 7 days ago.");
    expect(emails[4]!.text).toContain("was due on Mar 15, 2026, 14 days ago.");
    // The PDF goes with every reminder.
    for (const email of emails) {
      expect(email.attachments).toEqual([
        expect.objectContaining({
          filename: "invoice-HL-2026-0001.pdf",
          contentType: "application/pdf",
        }),
      ]);
      expect(Buffer.from(email.attachments![0]!.contentBase64, "base64").subarray(0, 5)).toEqual(
        Buffer.from("%PDF-"),
      );
    }

    // Paid; April's invoice (HL-2026-0002, due April 15) then waits through a downtime from
    // April 2 to April 30: one reminder, the 14-day one, saying how late it really is.
    const [march] = await db.select().from(invoices).where(eq(invoices.number, "HL-2026-0001"));
    await recordPayment(
      db,
      march!.id,
      { amountCents: 10900, paidOn: "2026-03-31", method: "check" },
      { settings, now: on("2026-03-31") },
    );
    await run("2026-04-01");
    expect(await run("2026-04-30")).toMatchObject({ remindersSent: 1 });
    expect(await run("2026-04-30")).toMatchObject({ remindersSent: 0 });
    const april = (await emailsOf(db, "invoice-reminder")).slice(6);
    expect(april.map((email) => `${email.to}: ${email.subject}`)).toEqual([
      `${books}: Overdue: invoice HL-2026-0002 ($109.00 unpaid)`,
      `${owner}: Overdue: invoice HL-2026-0002 ($109.00 unpaid)`,
    ]);
    expect(april[0]!.text).toContain("was due on Apr 15, 2026, 15 days ago.");
    const [aprilInvoice] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.number, "HL-2026-0002"));
    const stages = await db
      .select({ daysPastDue: invoiceReminders.daysPastDue })
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, aprilInvoice!.id))
      .orderBy(asc(invoiceReminders.daysPastDue));
    expect(stages.map((stage) => stage.daysPastDue)).toEqual([0, 7, 14]);

    // May's invoice is paid before it is due: no reminder ever.
    await run("2026-05-01");
    const [may] = await db.select().from(invoices).where(eq(invoices.number, "HL-2026-0003"));
    await recordPayment(
      db,
      may!.id,
      { amountCents: 10900, paidOn: "2026-05-03", method: "bank-transfer" },
      { settings, now: on("2026-05-03") },
    );
    await run("2026-05-15");
    await run("2026-06-01");
    expect(await reminders()).toHaveLength(8);
    expect((await reminders()).join("\n")).not.toContain("HL-2026-0003");
  });

  it("asks a saved card to pay each recurring invoice once, with autopay on, and logs a refused request without trying again", async () => {
    const autopay = await clientCompany(db, "Autopay Co");
    await withAutopay(db, autopay.id, "autopay");
    const declined = await clientCompany(db, "Declined Co");
    await withAutopay(db, declined.id, "declined");
    const byHand = await clientCompany(db, "By Hand Co");
    await db.insert(billingAccounts).values({
      companyId: byHand.id,
      stripeCustomerId: "cus_byhand",
      stripePaymentMethodId: "pm_byhand",
      autopay: false,
    });
    for (const company of [autopay, declined, byHand]) {
      await addPlan(db, company.id, plan("VPS Hosting", 2499, 1, "2026-06-01"));
    }

    // Without Stripe, autopay waits (it is not marked attempted).
    expect(await runBillingOnce({ db, settings, now: on("2026-06-01") })).toMatchObject({
      invoicesIssued: 3,
      chargesRequested: 0,
    });

    const charges: SavedCardCharge[] = [];
    const errors: unknown[] = [];
    const charge: ChargeSavedCard = async (request) => {
      charges.push(request);
      if (request.customerId === "cus_declined") throw new Error("Stripe is unreachable");
    };
    const log = { ...silent, error: (entry: unknown) => errors.push(entry) };
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        runBillingOnce({ db, settings, now: on("2026-06-02"), chargeSavedCard: charge, log }),
      ),
    );
    await runBillingOnce({ db, settings, now: on("2026-06-03"), chargeSavedCard: charge, log });
    const numbers = Object.fromEntries(
      (await db.select().from(invoices)).map((row) => [row.companyId, row.number]),
    );
    expect(charges.sort((a, b) => a.customerId.localeCompare(b.customerId))).toEqual([
      {
        invoiceId: expect.any(String),
        invoiceNumber: numbers[autopay.id],
        amountCents: 2751,
        customerId: "cus_autopay",
        paymentMethodId: "pm_autopay",
      },
      {
        invoiceId: expect.any(String),
        invoiceNumber: numbers[declined.id],
        amountCents: 2751,
        customerId: "cus_declined",
        paymentMethodId: "pm_declined",
      },
    ]);
    expect(runs.reduce((sum, run) => sum + run.chargesFailed, 0)).toBe(1);
    expect(errors).toEqual([expect.objectContaining({ invoiceNumber: numbers[declined.id] })]);

    // July's invoice is asked for once more, the month's balance only.
    await runBillingOnce({ db, settings, now: on("2026-07-01"), chargeSavedCard: charge, log });
    expect(charges.filter((request) => request.customerId === "cus_autopay")).toHaveLength(2);
    const [julyAutopay] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, autopay.id), eq(invoices.periodStart, "2026-07-01")));
    expect(charges.map((request) => request.invoiceId)).toContain(julyAutopay!.id);
  });

  it("runs in the server at start (catching up), then every interval, and mails what it queued", async () => {
    let clock = on("2026-09-15");
    const charges: SavedCardCharge[] = [];
    const seed = await createTestDatabase(kind);
    // A plan that was due while the server was down, there before it starts.
    const client = await clientCompany(seed.db, "Sound Coffee");
    await addPlan(seed.db, client.id, plan("VPS Hosting", 2499, 1, "2026-08-01"));
    const t = await createTestApp(
      kind,
      {},
      {
        database: seed,
        billing: {
          now: () => clock,
          intervalMs: 50,
          chargeSavedCard: async (request) => void charges.push(request),
        },
      },
    );
    try {
      const waitFor = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 200 && !(await check()); i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await check()).toBe(true);
      };
      const invoiceEmailsSent = async () =>
        (await emailsOf(t.database.db, "invoice-issued")).filter((row) => row.status === "sent")
          .length;
      await waitFor(async () => (await invoiceEmailsSent()) === 4);

      // The owner sees August's and September's invoices in the portal.
      const cookie = await signInAs(t, client.billingEmails[0]!);
      expect(await companyOf(t, client.billingEmails[0]!)).toBe(client.id);
      const listed = await callApi(t, cookie, "GET", "/api/invoices");
      expect(
        (listed.json() as { number: string; dueDate: string; totalCents: number }[]).map(
          (invoice) => [invoice.number, invoice.dueDate, invoice.totalCents],
        ),
      ).toEqual([
        // No TAX_RATE set: no tax.
        ["HL-2026-0002", "2026-09-29", 2499],
        ["HL-2026-0001", "2026-09-29", 2499],
      ]);

      // A month later, the next interval's run invoices October.
      clock = on("2026-10-01");
      await waitFor(async () => (await invoiceEmailsSent()) === 6);
      expect((await invoicesOf(t.database.db)).map((invoice) => invoice.number)).toEqual([
        "HL-2026-0001",
        "HL-2026-0002",
        "HL-2026-0003",
      ]);
      expect(charges).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe("the billing worker", () => {
  it("never runs twice at once in one process; stop ends the run in flight, and the next start catches up", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const client = await clientCompany(database.db, "Tacoma Tiles");
      await addPlan(database.db, client.id, plan("VPS Hosting", 2499, 1, "2026-01-01"));
      const numbers = async () => (await invoicesOf(database.db)).map((invoice) => invoice.number);
      const worker = () =>
        createBillingWorker({
          db: database.db,
          settings,
          log: silent,
          intervalMs: 60_000,
          now: () => on("2026-06-15"),
        });

      // Started, and stopped as soon as its catch-up run has issued something.
      const first = worker();
      first.start();
      while ((await numbers()).length === 0) await new Promise((r) => setTimeout(r, 5));
      await first.stop();
      const atStop = await numbers();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await numbers()).toEqual(atStop);

      // Runs asked for together take turns: the first does the rest, the others find nothing.
      const second = worker();
      const runs = await Promise.all([second.runOnce(), second.runOnce(), second.runOnce()]);
      expect(runs.map((run) => run.invoicesIssued)).toEqual([6 - atStop.length, 0, 0]);
      expect(await numbers()).toEqual([
        "HL-2026-0001",
        "HL-2026-0002",
        "HL-2026-0003",
        "HL-2026-0004",
        "HL-2026-0005",
        "HL-2026-0006",
      ]);
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the billing schedule on one PostgreSQL", () => {
  it("invoices, reminds and charges exactly once when two instances run it while the days go by", async () => {
    const url = await createPostgresDatabase();
    const [a, b] = [await openDatabase({ url }), await openDatabase({ url })];
    try {
      const rivera = await clientCompany(a.db, "Rivera Bakery");
      const dental = await clientCompany(a.db, "Harbor Dental");
      await withAutopay(a.db, dental.id, "dental");
      const plans = [
        await addPlan(a.db, rivera.id, plan("VPS Hosting", 2499, 5, "2026-01-01")),
        await addPlan(a.db, rivera.id, plan("Website Care", 9900, 5, "2026-01-01")),
        await addPlan(a.db, dental.id, plan("Managed Hosting", 4999, 5, "2026-01-01")),
      ];
      let clock = on("2026-01-05");
      const charges: SavedCardCharge[] = [];
      const workers = [a, b].map((instance) =>
        createBillingWorker({
          db: instance.db,
          settings,
          log: silent,
          intervalMs: 5,
          now: () => clock,
          chargeSavedCard: async (request) => void charges.push(request),
        }),
      );
      workers.forEach((worker) => worker.start());
      for (const day of ["2026-01-05", "2026-02-05", "2026-03-05"]) {
        clock = on(day);
        // Besides their own timers, both instances are made to run at the same moment.
        await Promise.all(workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]));
      }
      await Promise.all(workers.map((worker) => worker.stop()));

      const all = await a.db.select().from(invoices).orderBy(asc(invoices.number));
      // Nine numbers, none missing, none twice.
      expect(all.map((invoice) => invoice.number)).toEqual(
        Array.from({ length: 9 }, (_, i) => `HL-2026-000${i + 1}`),
      );
      for (const { id } of plans) {
        const ofPlan = all.filter((invoice) => invoice.recurringPlanId === id);
        // Each plan's months in date order of number.
        expect(ofPlan.map((invoice) => invoice.periodStart)).toEqual([
          "2026-01-05",
          "2026-02-05",
          "2026-03-05",
        ]);
      }
      expect(await emailsOf(a.db, "invoice-issued")).toHaveLength(9 * 2);

      // January's and February's invoices reached their 14-day reminder on February 5 and
      // March 5: one reminder each, to two people.
      expect(await emailsOf(a.db, "invoice-reminder")).toHaveLength(6 * 2);
      const stages = await a.db.select().from(invoiceReminders);
      expect(stages).toHaveLength(6 * 3);

      // Harbor Dental's three invoices were each put to its card once.
      const dentalInvoices = all.filter((invoice) => invoice.companyId === dental.id);
      expect(charges.map((request) => request.invoiceNumber).sort()).toEqual(
        dentalInvoices.map((invoice) => invoice.number).sort(),
      );
      expect(charges.every((request) => request.amountCents === 5504)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await dropPostgresDatabase(url);
    }
  });
});
