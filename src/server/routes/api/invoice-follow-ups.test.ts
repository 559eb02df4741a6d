import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "@shared/schemas/billing";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aStaffMember } from "../../../../tests/support/factories";
import { pdfText } from "../../../../tests/support/pdf";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/support/stripe-stand-in";
import * as schema from "../../db/schema";

const staffEmail = "avery@harborline.example";
const year = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)("reminders by hand, refunds and credit notes on %s", (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let staff: string;
  let owner: string;
  let other: string;
  let companyId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, "owner@saltmarsh.example");
    companyId = await companyOf(t, "owner@saltmarsh.example");
    other = await signInAs(t, "owner@elsewhere.example");
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const call = (...args: CallArgs) => callApi(t, ...args);
  const db = () => t.database.db;
  const countOf = async (
    table: typeof schema.payments | typeof schema.creditNotes | typeof schema.auditEvents,
  ) => (await db().select({ n: count() }).from(table))[0]!.n;
  const emailsOf = (emailKind: string, number: string) =>
    db()
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.kind, emailKind))
      .then((rows) => rows.filter((row) => row.subject.includes(number)));
  const auditOf = (action: string, targetId: string) =>
    db()
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.action, action), eq(schema.auditEvents.targetId, targetId)));

  /** An issued invoice of the client for `cents`. */
  async function issued(cents: number): Promise<InvoiceDetail> {
    const response = await call(staff, "POST", "/api/admin/invoices", {
      companyId,
      lines: [{ description: "Menu redesign", quantity: 1, unitPriceCents: cents }],
      issue: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** An issued invoice paid in full by check, as staff record it. */
  async function paidByCheck(cents: number): Promise<InvoiceDetail> {
    const invoice = await issued(cents);
    const paid = await call(staff, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountCents: cents,
      paidOn: today,
      method: "check",
      reference: "Check 1042",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json();
  }

  /** An issued invoice paid in full by card, as Stripe's webhook tells it. */
  async function paidByCard(cents: number, intentId: string): Promise<InvoiceDetail> {
    const invoice = await issued(cents);
    const event = stripe.signedEvent("payment_intent.succeeded", {
      id: intentId,
      object: "payment_intent",
      amount: cents,
      amount_received: cents,
      currency: "usd",
      status: "succeeded",
      metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number },
    });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (await call(staff, "GET", `/api/admin/invoices/${invoice.id}`)).json();
  }

  const refund = (invoice: InvoiceDetail, body: Record<string, unknown>) =>
    call(staff, "POST", `/api/admin/invoices/${invoice.id}/refunds`, {
      paymentId: invoice.payments[0]!.id,
      ...body,
    });

  it("lets staff remind the client of an open invoice by hand, emailed and audited", async () => {
    const invoice = await issued(25_000);
    const reminded = await call(staff, "POST", `/api/admin/invoices/${invoice.id}/reminders`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toEqual({ sentTo: ["owner@saltmarsh.example"] });

    const [email, ...more] = await emailsOf("invoice-reminder", invoice.number!);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ to: "owner@saltmarsh.example" });
    expect(email!.subject).toBe(
      `Reminder: invoice ${invoice.number} is due on ${dueWords(invoice)}`,
    );
    expect(email!.text).toContain("$250.00 is still unpaid.");
    expect(email!.attachments).toEqual([
      expect.objectContaining({ filename: `invoice-${invoice.number}.pdf` }),
    ]);
    expect(await auditOf("invoice.reminded", invoice.id)).toEqual([
      expect.objectContaining({
        actorEmail: staffEmail,
        companyId,
        changes: { after: { number: invoice.number, sentTo: ["owner@saltmarsh.example"] } },
      }),
    ]);
  });

  it("refuses a reminder of a paid, void or draft invoice with 409, sending nothing", async () => {
    const paid = await paidByCheck(10_000);
    const draft = (
      await call(staff, "POST", "/api/admin/invoices", {
        companyId,
        lines: [{ description: "Draft work", quantity: 1, unitPriceCents: 100 }],
        issue: false,
      })
    ).json() as InvoiceDetail;
    const voided = await issued(300);
    await call(staff, "POST", `/api/admin/invoices/${voided.id}/void`);
    const auditBefore = await countOf(schema.auditEvents);
    for (const [invoice, status] of [
      [paid, "paid"],
      [draft, "draft"],
      [voided, "void"],
    ] as const) {
      const refused = await call(staff, "POST", `/api/admin/invoices/${invoice.id}/reminders`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `This invoice is ${status}: only an open invoice with something owed can be reminded`,
      );
    }
    expect(await emailsOf("invoice-reminder", paid.number!)).toEqual([]);
    expect(await countOf(schema.auditEvents)).toBe(auditBefore);
    const client = await call(owner, "POST", `/api/admin/invoices/${paid.id}/reminders`);
    expect(client.statusCode).toBe(403);
  });

  it("refunds part of a card payment through Stripe and issues a credit note", async () => {
    const invoice = await paidByCard(15_000, "pi_follow_up_card");
    const response = await refund(invoice, { amountCents: 5_000, reason: "Menu page dropped" });
    expect(response.statusCode, response.body).toBe(201);

    const [asked, ...again] = stripe.requestsTo("POST /v1/refunds");
    expect(again).toEqual([]);
    expect(asked!.body).toMatchObject({ payment_intent: "pi_follow_up_card", amount: "5000" });
    expect(asked!.idempotencyKey).toEqual(expect.stringContaining(invoice.payments[0]!.id));

    const after = response.json() as InvoiceDetail;
    // What was given back is no longer owed: the invoice stays paid.
    expect(after).toMatchObject({
      status: "paid",
      paidCents: 10_000,
      creditedCents: 5_000,
      balanceCents: 0,
    });
    const [note] = after.creditNotes;
    expect(note).toMatchObject({
      number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{4}$`)),
      amountCents: 5_000,
      method: "card",
      reference: expect.stringMatching(/^re_/),
      reason: "Menu page dropped",
    });
    expect(after.payments.filter((row) => row.kind === "refund")).toEqual([
      expect.objectContaining({ amountCents: 5_000, method: "card", reference: note!.reference }),
    ]);
    const [email] = await emailsOf("credit-note", note!.number);
    expect(email).toMatchObject({ to: "owner@saltmarsh.example" });
    expect(email!.text).toContain(`We refunded $50.00 of invoice ${invoice.number}`);
    expect(email!.attachments).toEqual([
      expect.objectContaining({ filename: `credit-note-${note!.number}.pdf` }),
    ]);
    expect(await auditOf("invoice.refunded", invoice.id)).toEqual([
      expect.objectContaining({
        actorEmail: staffEmail,
        changes: expect.objectContaining({
          after: expect.objectContaining({ creditNote: note!.number, amountCents: 5_000 }),
        }),
      }),
    ]);

    // Stripe's own event about the same refund changes nothing more.
    const event = stripe.signedEvent("refund.created", {
      id: note!.reference,
      object: "refund",
      amount: 5_000,
      payment_intent: "pi_follow_up_card",
      status: "succeeded",
    });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.payload,
    });
    expect(sent.statusCode).toBe(200);
    const seen = (await call(staff, "GET", `/api/admin/invoices/${invoice.id}`)).json();
    expect(seen).toMatchObject({ paidCents: 10_000, creditedCents: 5_000, status: "paid" });
  });

  it("records a refund made by check, with its reference, and issues a credit note", async () => {
    const invoice = await paidByCheck(40_000);
    const stripeCalls = stripe.requestsTo("POST /v1/refunds").length;
    const response = await refund(invoice, {
      amountCents: 40_000,
      method: "check",
      reference: "Check 2210",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(stripe.requestsTo("POST /v1/refunds")).toHaveLength(stripeCalls);
    const after = response.json() as InvoiceDetail;
    expect(after).toMatchObject({ status: "paid", paidCents: 0, creditedCents: 40_000 });
    expect(after.creditNotes).toEqual([
      expect.objectContaining({ amountCents: 40_000, method: "check", reference: "Check 2210" }),
    ]);

    const noMethod = await refund(await paidByCheck(1_000), { amountCents: 500 });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors).toEqual({ method: "Choose how the money was returned" });
  });

  it("refuses to refund more than was paid less what was refunded, with 400, storing nothing", async () => {
    const invoice = await paidByCheck(20_000);
    const first = await refund(invoice, { amountCents: 15_000, method: "bank-transfer" });
    expect(first.statusCode, first.body).toBe(201);
    const rows = [
      await countOf(schema.payments),
      await countOf(schema.creditNotes),
      await countOf(schema.auditEvents),
    ];
    const over = await refund(invoice, { amountCents: 5_001, method: "bank-transfer" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: "That is more than is left to refund of this payment: refund at most $50.00",
      errors: {
        amountCents: "That is more than is left to refund of this payment: refund at most $50.00",
      },
    });
    for (const bad of [{ amountCents: 0 }, { amountCents: 12.5 }, { amountCents: -100 }]) {
      const refused = await refund(invoice, { ...bad, method: "bank-transfer" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.amountCents).toEqual(expect.any(String));
    }
    expect([
      await countOf(schema.payments),
      await countOf(schema.creditNotes),
      await countOf(schema.auditEvents),
    ]).toEqual(rows);
    const seen = (await call(staff, "GET", `/api/admin/invoices/${invoice.id}`)).json();
    expect(seen).toMatchObject({ paidCents: 5_000, creditedCents: 15_000 });
  });

  it("numbers credit notes without gaps or repeats when refunds come at once", async () => {
    const invoices = await Promise.all([1, 2, 3, 4, 5].map(() => paidByCheck(2_000)));
    const before = await db()
      .select({ number: schema.creditNotes.number })
      .from(schema.creditNotes);
    const responses = await Promise.all(
      invoices.flatMap((invoice) => [
        refund(invoice, { amountCents: 1_000, method: "bank-transfer" }),
        refund(invoice, { amountCents: 1_000, method: "bank-transfer" }),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const sequence = (number: string) => Number(number.slice(-4));
    const numbers = (
      await db().select({ number: schema.creditNotes.number }).from(schema.creditNotes)
    )
      .map((row) => sequence(row.number))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(numbers).toHaveLength(before.length + 10);
  });

  it("shows the client their credit notes, whose PDF they download; nobody else can", async () => {
    const invoice = await paidByCheck(12_345);
    await refund(invoice, { amountCents: 2_345, method: "check", reference: "Check 77" });
    const seen = (await call(owner, "GET", `/api/invoices/${invoice.id}`)).json() as InvoiceDetail;
    const [note] = seen.creditNotes;
    expect(note).toMatchObject({ amountCents: 2_345, method: "check", reference: "Check 77" });

    const pdf = await call(owner, "GET", `/api/credit-notes/${note!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="credit-note-${note!.number}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Credit note ${note!.number}`);
    expect(text).toContain(`Credits invoice ${invoice.number}`);
    expect(text).toContain("-$23.45");
    expect(text).toContain("Refunded by Check (ref. Check 77)");
    expect(text).toContain("Total credited $23.45");

    const staffPdf = await call(staff, "GET", `/api/admin/credit-notes/${note!.id}/pdf`);
    expect(staffPdf.statusCode).toBe(200);
    const elsewhere = await call(other, "GET", `/api/credit-notes/${note!.id}/pdf`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: "Credit note not found" });
  });
});

/** A due date as the emails write it: "Jan 31, 2027". */
function dueWords(invoice: InvoiceDetail) {
  return new Date(`${invoice.dueDate}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
