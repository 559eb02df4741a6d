import { and, asc, count, eq, like } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aCardOnFile,
  aClient,
  anAcceptedProposal,
  aPlan,
  aStaffMember,
} from "../../../../tests/support/factories";
import { pdfText } from "../../../../tests/support/pdf";
import * as schema from "../../db/schema";
import { demoClientEmail, seedDemoData } from "../../demo/seed";

const staffEmail = "avery@harborline.example";
const year = new Date().getUTCFullYear();
const numberPattern = new RegExp(`^HL-${year}-\\d{4}$`);

describe.each(databaseKinds)("invoices and payments on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let books: string;
  let member: string;
  let other: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
      TAX_RATE: "10.1",
    });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, "owner@tidepool.example");
    companyId = await companyOf(t, "owner@tidepool.example");
    books = await signInAs(t, "books@tidepool.example", { companyId, role: "billing" });
    member = await signInAs(t, "dev@tidepool.example", { companyId, role: "member" });
    other = await signInAs(t, "owner@elsewhere.example");
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const db = () => t.database.db;
  const countOf = async (table: typeof schema.invoices | typeof schema.payments) =>
    (await db().select({ n: count() }).from(table))[0]!.n;
  const emailsTo = (to: string, kind: string) =>
    db()
      .select()
      .from(schema.outboxEmails)
      .where(and(eq(schema.outboxEmails.to, to), eq(schema.outboxEmails.kind, kind)));
  const newInvoice = (lines: { description: string; quantity: number; unitPriceCents: number }[]) =>
    call(staff, "POST", "/api/admin/invoices", { companyId, lines, issue: true });

  it("refuses bad input with 400 and what to fix, storing nothing", async () => {
    const before = [await countOf(schema.invoices), await countOf(schema.payments)];
    const noLines = await call(staff, "POST", "/api/admin/invoices", { companyId, lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().errors.lines).toBe("Add at least one line");
    const negative = await newInvoice([{ description: "Fix", quantity: 1, unitPriceCents: -5 }]);
    expect(negative.statusCode).toBe(400);
    expect(Object.values(negative.json().errors)).toEqual([
      "Price must be a whole number from 0 to 1,000,000,000",
    ]);
    const huge = await newInvoice([
      { description: "A lot", quantity: 1000, unitPriceCents: 1_000_000_000 },
    ]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.lines).toBe("An invoice's lines must come to at most $10,000,000.00");
    const nobody = await call(staff, "POST", "/api/admin/invoices", {
      companyId: "00000000-0000-4000-8000-000000000000",
      lines: [{ description: "Fix", quantity: 1, unitPriceCents: 100 }],
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors.companyId).toBe("Choose a client");
    const badPayment = await call(
      staff,
      "POST",
      "/api/admin/invoices/00000000-0000-4000-8000-000000000000/payments",
      { amountCents: 0, paidOn: "2026-13-01", method: "barter" },
    );
    expect(badPayment.statusCode).toBe(400);
    expect(Object.keys(badPayment.json().errors).sort()).toEqual([
      "amountCents",
      "method",
      "paidOn",
    ]);
    expect([await countOf(schema.invoices), await countOf(schema.payments)]).toEqual(before);
  });

  it("issues a manual invoice: numbered, taxed, due in 14 days, emailed with its PDF", async () => {
    const created = await newInvoice([
      { description: "Extra landing page", quantity: 2, unitPriceCents: 45_000 },
      { description: "Photo retouching", quantity: 3, unitPriceCents: 3_333 },
    ]);
    expect(created.statusCode).toBe(201);
    const invoice = created.json();
    expect(invoice.number).toMatch(numberPattern);
    expect(invoice).toMatchObject({
      status: "open",
      source: "manual",
      subtotalCents: 99_999,
      taxRatePercent: 10.1,
      taxCents: 10_100, // 10.1% of $999.99 is $100.99899, rounded to $101.00
      totalCents: 110_099,
      paidCents: 0,
      balanceCents: 110_099,
      overdue: false,
      payableByCard: false,
    });
    const issued = new Date(`${invoice.issueDate}T00:00:00Z`);
    const due = new Date(`${invoice.dueDate}T00:00:00Z`);
    expect((due.getTime() - issued.getTime()) / 86_400_000).toBe(14);
    expect(invoice.offlinePayment.bankTransfer.length).toBeGreaterThan(0);

    for (const to of ["owner@tidepool.example", "books@tidepool.example"]) {
      const [email] = await emailsTo(to, "invoice-issued");
      expect(email?.subject).toBe(`Invoice ${invoice.number} from Harborline: $1,100.99`);
      expect(email?.attachments?.[0]?.filename).toBe(`invoice-${invoice.number}.pdf`);
      const attached = await pdfText(Buffer.from(email!.attachments![0]!.contentBase64, "base64"));
      expect(attached).toContain(invoice.number);
    }
    // A plain member is not sent invoices.
    expect(await emailsTo("dev@tidepool.example", "invoice-issued")).toHaveLength(0);

    const pdf = await call(owner, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Invoice ${invoice.number}`,
      "Extra landing page",
      "Photo retouching",
      "$999.99",
      "$101.00",
      "$1,100.99",
      "By bank transfer",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("shows invoices to owners and billing members only; to anyone else they are not there", async () => {
    const [invoice] = (await call(owner, "GET", "/api/invoices")).json();
    expect(invoice.number).toMatch(numberPattern);
    expect((await call(books, "GET", `/api/invoices/${invoice.id}`)).statusCode).toBe(200);
    for (const url of [
      "/api/invoices",
      `/api/invoices/${invoice.id}`,
      `/api/invoices/${invoice.id}/pdf`,
      "/api/payments",
      "/api/billing",
    ]) {
      expect((await call(member, "GET", url)).statusCode, url).toBe(404);
    }
    for (const url of [`/api/invoices/${invoice.id}`, `/api/invoices/${invoice.id}/pdf`]) {
      expect((await call(other, "GET", url)).statusCode, url).toBe(404);
    }
    expect((await call(other, "GET", "/api/invoices")).json()).toEqual([]);
    expect((await call(undefined, "GET", "/api/invoices")).statusCode).toBe(401);
  });

  it("keeps drafts from the client until staff issue them; a draft can be deleted, not voided", async () => {
    const draft = (
      await call(staff, "POST", "/api/admin/invoices", {
        companyId,
        lines: [{ description: "Logo tweaks", quantity: 1, unitPriceCents: 12_000 }],
        issue: false,
      })
    ).json();
    expect(draft).toMatchObject({ status: "draft", number: null, issueDate: null });
    expect((await call(owner, "GET", `/api/invoices/${draft.id}`)).statusCode).toBe(404);
    expect((await call(staff, "POST", `/api/admin/invoices/${draft.id}/void`)).statusCode).toBe(
      409,
    );
    const issued = await call(staff, "POST", `/api/admin/invoices/${draft.id}/issue`);
    expect(issued.json()).toMatchObject({ status: "open", totalCents: 13_212 });
    expect(issued.json().number).toMatch(numberPattern);
    expect((await call(owner, "GET", `/api/invoices/${draft.id}`)).statusCode).toBe(200);
    const again = await call(staff, "POST", `/api/admin/invoices/${draft.id}/issue`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already issued/);
    expect((await call(staff, "DELETE", `/api/admin/invoices/${draft.id}`)).statusCode).toBe(409);

    const second = (
      await call(staff, "POST", "/api/admin/invoices", {
        companyId,
        lines: [{ description: "Scrapped", quantity: 1, unitPriceCents: 100 }],
        issue: false,
      })
    ).json();
    expect((await call(staff, "DELETE", `/api/admin/invoices/${second.id}`)).statusCode).toBe(204);
    expect((await call(staff, "GET", `/api/admin/invoices/${second.id}`)).statusCode).toBe(404);
  });

  it("records partial payments to the cent, with a receipt each, until the invoice is paid", async () => {
    const invoice = (
      await newInvoice([{ description: "Content changes", quantity: 1, unitPriceCents: 10_000 }])
    ).json();
    expect(invoice.totalCents).toBe(11_010);
    const pay = (amountCents: number) =>
      call(staff, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
        amountCents,
        paidOn: "2026-11-20",
        method: "check",
        reference: "Check 1042",
      });
    const over = await pay(11_011);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      "That is more than the balance of $110.10: record at most the balance",
    );
    const first = (await pay(5_000)).json();
    expect(first).toMatchObject({ status: "open", paidCents: 5_000, balanceCents: 6_010 });
    const last = (await pay(6_010)).json();
    expect(last).toMatchObject({ status: "paid", paidCents: 11_010, balanceCents: 0 });
    expect(last.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([
      5_000, 6_010,
    ]);
    expect((await pay(1)).statusCode).toBe(409);
    expect((await call(staff, "POST", `/api/admin/invoices/${invoice.id}/void`)).statusCode).toBe(
      409,
    );

    const receipts = await emailsTo("owner@tidepool.example", "payment-receipt");
    expect(receipts.map((email) => email.subject)).toEqual(
      expect.arrayContaining([
        `Receipt: $50.00 received for invoice ${invoice.number}`,
        `Receipt: $60.10 received for invoice ${invoice.number}`,
      ]),
    );
    const seen = (await call(books, "GET", "/api/payments")).json();
    expect(seen.filter((p: { invoiceId: string }) => p.invoiceId === invoice.id)).toHaveLength(2);
  });

  it("balances any partial payments to the cent (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 4 }),
        async (prices, payments) => {
          const invoice = (
            await newInvoice(
              prices.map((price, i) => ({
                description: `Line ${i + 1}`,
                quantity: 1,
                unitPriceCents: price,
              })),
            )
          ).json();
          const subtotal = prices.reduce((a, b) => a + b, 0);
          expect(invoice.subtotalCents + invoice.taxCents).toBe(invoice.totalCents);
          expect(invoice.subtotalCents).toBe(subtotal);
          let paid = 0;
          for (const amount of payments) {
            const response = await call(
              staff,
              "POST",
              `/api/admin/invoices/${invoice.id}/payments`,
              {
                amountCents: amount,
                paidOn: "2026-11-21",
                method: "bank-transfer",
              },
            );
            if (paid + amount > invoice.totalCents) {
              expect(response.statusCode).toBe(409);
              continue;
            }
            paid += amount;
            const after = response.json();
            expect(after.paidCents).toBe(paid);
            expect(after.balanceCents).toBe(invoice.totalCents - paid);
            expect(after.status).toBe(paid === invoice.totalCents ? "paid" : "open");
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("voids an open invoice with nothing paid, and marks another uncollectible", async () => {
    const [a, b] = [
      (await newInvoice([{ description: "Mistake", quantity: 1, unitPriceCents: 500 }])).json(),
      (await newInvoice([{ description: "Never paid", quantity: 1, unitPriceCents: 700 }])).json(),
    ];
    const voided = (await call(staff, "POST", `/api/admin/invoices/${a.id}/void`)).json();
    expect(voided).toMatchObject({ status: "void", number: a.number });
    const lost = (await call(staff, "POST", `/api/admin/invoices/${b.id}/uncollectible`)).json();
    expect(lost.status).toBe("uncollectible");
    const list = (await call(staff, "GET", `/api/admin/invoices?companyId=${companyId}`)).json();
    const statuses = Object.fromEntries(
      list.invoices.map((i: { id: string; status: string }) => [i.id, i.status]),
    );
    expect([statuses[a.id], statuses[b.id]]).toEqual(["void", "uncollectible"]);
    const onlyVoid = (await call(staff, "GET", "/api/admin/invoices?status=void")).json();
    expect(onlyVoid.invoices.map((i: { id: string }) => i.id)).toContain(a.id);
    expect(onlyVoid.invoices.every((i: { status: string }) => i.status === "void")).toBe(true);
  });

  it("gives 50 invoices created at the same moment 50 distinct numbers with no gaps", async () => {
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        newInvoice([{ description: `Batch ${i}`, quantity: 1, unitPriceCents: 100 + i }]),
      ),
    );
    expect(made.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const rows = await db()
      .select({ number: schema.invoices.number })
      .from(schema.invoices)
      .where(like(schema.invoices.number, `HL-${year}-%`))
      .orderBy(asc(schema.invoices.number));
    const sequence = rows.map((row) => Number(row.number!.slice(-4)));
    // Every number of the year so far, from 1 up, each once.
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
    const batch = made.map((response) => response.json().number);
    expect(new Set(batch).size).toBe(50);
  });

  it("totals the back office's figures: revenue this month and what is outstanding", async () => {
    const list = (await call(staff, "GET", "/api/admin/invoices")).json();
    // Every open invoice, a page of 100 at a time.
    const open: { balanceCents: number }[] = [];
    for (let page = 1; open.length < list.total && page < 10; page++) {
      const read = await call(
        staff,
        "GET",
        `/api/admin/invoices?status=open&pageSize=100&page=${page}`,
      );
      open.push(...read.json().invoices);
      if (read.json().invoices.length < 100) break;
    }
    expect(list.outstandingCents).toBe(
      open.reduce((sum: number, i: { balanceCents: number }) => sum + i.balanceCents, 0),
    );
    expect(list.revenueThisMonthCents).toBeGreaterThanOrEqual(0);
    const overdue = (await call(staff, "GET", "/api/admin/invoices?overdue=true")).json();
    expect(overdue.invoices.every((i: { overdue: boolean }) => i.overdue)).toBe(true);
    expect(overdue.total).toBe(list.overdueCount);
  });
});

describe.each(databaseKinds)("the payment plan and monthly plans on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let companyId: string;
  /** The project the client's accepted proposal opened. */
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    // A hosting client with a card on file, who accepted a proposal for a new site: $3,200 to
    // build (half of it invoiced as the deposit) and Starter Hosting at $60 a month from launch.
    const { company, owner } = await aClient(db, {
      name: "Rivera Bakery",
      owner: { firstName: "Jordan", lastName: "Rivera" },
    });
    companyId = company.id;
    await aPlan(db, companyId, { name: "VPS Hosting", amountCents: 2499 });
    await aCardOnFile(db, companyId);
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
    ({ projectId } = await anAcceptedProposal(
      t,
      { staff, client },
      {
        companyId,
        lines: [
          {
            description: "Small Business Site",
            billing: "one-off",
            quantity: 1,
            unitPriceCents: 320_000,
          },
          {
            description: "Starter Hosting",
            billing: "monthly",
            quantity: 1,
            unitPriceCents: 6_000,
          },
        ],
      },
    ));
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  it("invoices the mid-point once when Design & Development is done, and the completion at launch's step", async () => {
    const detail = (await call(staff, "GET", `/api/admin/projects/${projectId}`)).json();
    const [, design, launch] = detail.milestones;
    const partsOf = async () =>
      (await call(client, "GET", "/api/invoices"))
        .json()
        .filter((i: { source: string }) => i.source !== "recurring")
        .map((i: { source: string; totalCents: number }) => [i.source, i.totalCents]);
    expect(await partsOf()).toEqual([["deposit", 160_000]]);

    const done = (milestone: { id: string; name: string }) =>
      call(staff, "PUT", `/api/admin/projects/${projectId}/milestones/${milestone.id}`, {
        name: milestone.name,
        status: "done",
      });
    expect((await done(design)).statusCode).toBe(200);
    expect((await done(design)).statusCode).toBe(200);
    expect((await partsOf()).sort()).toEqual([
      ["deposit", 160_000],
      ["midpoint", 80_000],
    ]);
    expect((await done(launch)).statusCode).toBe(200);
    const parts = await partsOf();
    expect(parts.map(([source]: [string]) => source).sort()).toEqual([
      "completion",
      "deposit",
      "midpoint",
    ]);
    const [company] = await t.database.db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.id, companyId));
    expect(company).toBeDefined();
  });

  it("takes a plan change request to the agency, and an approved one changes the plan's price", async () => {
    const billing = (await call(client, "GET", "/api/billing")).json();
    const plan = billing.plans[0];
    const requested = await call(client, "POST", "/api/billing/plan-requests", {
      requestedPlan: "Business Hosting",
      planId: plan.id,
      note: "We are adding the catering site.",
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({
      status: "pending",
      currentPlan: "VPS Hosting",
      requestedPlan: "Business Hosting",
      requestedBy: "Jordan Rivera",
    });
    const [email] = await t.database.db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.kind, "plan-request"));
    expect(email?.subject).toBe("Plan change requested: Rivera Bakery wants Business Hosting");

    const foreign = await call(client, "POST", "/api/billing/plan-requests", {
      requestedPlan: "Business Hosting",
      planId: "00000000-0000-4000-8000-000000000000",
    });
    expect(foreign.statusCode).toBe(404);

    const pending = (await call(staff, "GET", "/api/admin/plan-requests")).json();
    const id = pending.find((r: { status: string }) => r.status === "pending").id;
    const approved = await call(staff, "POST", `/api/admin/plan-requests/${id}/approve`, {
      amountCents: 14_900,
    });
    expect(approved.json()).toMatchObject({ status: "approved", approvedAmountCents: 14_900 });
    expect((await call(staff, "POST", `/api/admin/plan-requests/${id}/decline`)).statusCode).toBe(
      409,
    );
    const after = (await call(client, "GET", "/api/billing")).json();
    expect(after.plans).toEqual([
      expect.objectContaining({ id: plan.id, name: "Business Hosting", amountCents: 14_900 }),
    ]);
    expect(after.monthlyCostCents).toBe(14_900);
  });

  it("turns automatic payment on only with a card on file", async () => {
    const on = await call(client, "PUT", "/api/billing/autopay", { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().autopay).toBe(true);
    const fresh = await signInAs(t, "new@client.example");
    const refused = await call(fresh, "PUT", "/api/billing/autopay", { enabled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Save a card first: automatic payment uses the card on file",
    );
  });

  it("starts the accepted proposal's monthly lines as plans at launch", async () => {
    // Before launch the Billing tab says what starts then, not that there is no plan.
    const before = (await call(client, "GET", "/api/billing")).json();
    expect(before.plansFromLaunch).toContainEqual({ name: "Starter Hosting", amountCents: 6_000 });
    const launched = await call(staff, "POST", `/api/admin/projects/${projectId}/website`, {
      domain: "riverabakery.example",
      plan: "Starter Hosting",
    });
    expect(launched.statusCode).toBeLessThan(300);
    const billing = (await call(client, "GET", "/api/billing")).json();
    expect(
      billing.plans.map((p: { name: string; amountCents: number }) => [p.name, p.amountCents]),
    ).toContainEqual(["Starter Hosting", 6_000]);
    expect(billing.plansFromLaunch).toEqual([]);
  });
});

/** The demo an evaluation install starts with: its client's billing as the real flows leave it. */
describe.each(databaseKinds)("the demo client's billing on %s", (kind) => {
  let t: TestApp;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db);
    client = await signInAs(t, demoClientEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  it("shows the demo client the seed's plan, a card on file, paid invoices and one open", async () => {
    const billing = (await call(client, "GET", "/api/billing")).json();
    expect(billing).toMatchObject({
      plans: [{ name: "VPS Hosting", amountCents: 2499, status: "active" }],
      monthlyCostCents: 2499,
      paymentMethod: { brand: "Visa", last4: "4242" },
      cardsAccepted: false,
      billingAddress: "3117 Harborview Drive\nGig Harbor, WA 98335",
    });
    const invoices = (await call(client, "GET", "/api/invoices")).json();
    const statuses = invoices.map((i: { status: string }) => i.status);
    expect(statuses.filter((s: string) => s === "open")).toHaveLength(1);
    expect(statuses.filter((s: string) => s === "paid").length).toBeGreaterThanOrEqual(2);
    expect(
      invoices.every(
        (i: { number: string }) =>
          numberPattern.test(i.number) || /^HL-\d{4}-\d{4}$/.test(i.number),
      ),
    ).toBe(true);
    expect(billing.balanceCents).toBe(2499);
  });
});
