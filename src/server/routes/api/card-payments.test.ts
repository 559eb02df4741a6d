import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail, Payment } from "@shared/schemas/billing";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  startStripeStandIn,
  type SignedEvent,
  type StripeStandIn,
} from "../../../../tests/support/stripe-stand-in";
import { createInvoice } from "../../billing/invoice-issuing";
import { invoiceMessages } from "../../billing/invoice-reading";
import {
  auditEvents,
  billingAccounts,
  invoices,
  outboxEmails,
  payments,
  stripeEvents,
} from "../../db/schema";
import { demoClientEmail, seedDemoData } from "../../db/seed";
import { billingSettings } from "./common";

describe.each(databaseKinds)("card payments through Stripe on %s", (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let demo: string;
  let demoCompany: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await seedDemoData(t.database.db);
    demo = await signInAs(t, demoClientEmail);
    demoCompany = await companyOf(t, demoClientEmail);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A new invoice of the demo company, issued: open, owing `cents`. */
  async function openInvoice(cents: number, companyId = demoCompany) {
    const invoice = await t.database.db.transaction((tx) =>
      createInvoice(
        tx,
        {
          companyId,
          source: "manual",
          lines: [{ description: "Logo refresh", quantity: 1, unitPriceCents: cents }],
        },
        { issue: true, settings: billingSettings(t.config) },
      ),
    );
    return invoice!;
  }

  const send = (event: SignedEvent, signature = event.signature) =>
    t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload: event.payload,
    });

  /** A payment intent of Checkout or autopay for an invoice, as Stripe's events carry it. */
  const intentFor = (
    invoice: { id: string; number: string | null },
    cents: number,
    id: string,
  ) => ({
    id,
    object: "payment_intent",
    amount: cents,
    amount_received: cents,
    currency: "usd",
    status: "succeeded",
    metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number },
  });

  const invoiceAsClient = async (id: string) =>
    (await callApi(t, demo, "GET", `/api/invoices/${id}`)).json() as InvoiceDetail;

  const emailsAbout = async (kind: string, number: string) => {
    const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));
    return rows.filter((row) => row.subject.includes(number));
  };

  const paymentRows = async () => {
    const [row] = await t.database.db.select({ n: count() }).from(payments);
    return row!.n;
  };
  const seenEvents = async () => {
    const [row] = await t.database.db.select({ n: count() }).from(stripeEvents);
    return row!.n;
  };

  it("sends the client to Checkout for exactly the balance, in cents, for the company's customer", async () => {
    const invoice = await openInvoice(12_345);
    // Part paid by check: Checkout asks for what is left.
    const staffPaid = await t.database.db
      .update(invoices)
      .set({ paidCents: 2_345 })
      .where(eq(invoices.id, invoice.id))
      .returning();
    expect(staffPaid).toHaveLength(1);

    const response = await callApi(t, demo, "POST", `/api/invoices/${invoice.id}/checkout`);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));

    const [asked] = stripe.requestsTo("POST /v1/checkout/sessions").slice(-1);
    expect(asked!.body).toMatchObject({
      mode: "payment",
      customer: "cus_DemoRiveraBakery",
      line_items: [
        {
          quantity: "1",
          price_data: {
            currency: "usd",
            unit_amount: "10000",
            product_data: { name: `Invoice ${invoice.number}` },
          },
        },
      ],
      metadata: { invoiceId: invoice.id },
      payment_intent_data: { metadata: { invoiceId: invoice.id } },
      success_url: `${t.config.publicUrl}/dashboard?tab=billing&invoice=${invoice.id}&paid=1`,
      cancel_url: `${t.config.publicUrl}/dashboard?tab=billing&invoice=${invoice.id}`,
    });
    // The demo company has a customer already: none is created.
    expect(stripe.requestsTo("POST /v1/customers")).toHaveLength(0);
  });

  it("answers 404 to a member without billing, and to another company's owner, asking Stripe nothing", async () => {
    const invoice = await openInvoice(5_000);
    const member = await signInAs(t, "baker@example.com", {
      companyId: demoCompany,
      role: "member",
    });
    const stranger = await signInAs(t, "stranger@example.com");
    const sessionsBefore = stripe.requestsTo("POST /v1/checkout/sessions").length;

    for (const cookie of [member, stranger]) {
      const response = await callApi(t, cookie, "POST", `/api/invoices/${invoice.id}/checkout`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.stringMatching(/not found/) });
    }
    const saveCard = await callApi(t, member, "POST", "/api/billing/payment-method");
    expect(saveCard.statusCode).toBe(404);
    expect(stripe.requestsTo("POST /v1/checkout/sessions")).toHaveLength(sessionsBefore);
    expect(
      (await callApi(t, undefined, "POST", `/api/invoices/${invoice.id}/checkout`)).statusCode,
    ).toBe(401);
  });

  it("refuses Checkout with 409 when nothing is owed", async () => {
    const [paid] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, demoCompany), eq(invoices.status, "paid")));
    const response = await callApi(t, demo, "POST", `/api/invoices/${paid!.id}/checkout`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: invoiceMessages.nothingOwed });
  });

  it("refuses a webhook with a bad or missing signature with 400, and changes nothing", async () => {
    const invoice = await openInvoice(7_000);
    const event = stripe.signedEvent(
      "payment_intent.succeeded",
      intentFor(invoice, 7_000, "pi_forged"),
    );
    const [before, seenBefore] = [await paymentRows(), await seenEvents()];

    const forged = await send(event, event.signature.replace(/v1=\w{6}/, "v1=000000"));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/Stripe-Signature/);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toMatch(/No Stripe-Signature header/);
    // Signed for another body.
    const other = stripe.signedEvent("payment_intent.succeeded", { id: "pi_other" });
    expect((await send(event, other.signature)).statusCode).toBe(400);

    expect(await paymentRows()).toBe(before);
    expect(await seenEvents()).toBe(seenBefore);
    expect((await invoiceAsClient(invoice.id)).status).toBe("open");
  });

  it("records a payment once however often Stripe sends it: the invoice is paid and one receipt goes", async () => {
    const invoice = await openInvoice(9_900);
    const event = stripe.signedEvent(
      "payment_intent.succeeded",
      intentFor(invoice, 9_900, "pi_once"),
    );

    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await send(event);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    // The same payment in another event (Stripe says it twice): still once.
    expect(
      (
        await send(
          stripe.signedEvent("payment_intent.succeeded", intentFor(invoice, 9_900, "pi_once")),
        )
      ).statusCode,
    ).toBe(200);

    const recorded = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, "pi_once"));
    expect(recorded).toHaveLength(1);
    expect(await emailsAbout("payment-receipt", invoice.number!)).toHaveLength(1);

    const seen = await invoiceAsClient(invoice.id);
    expect(seen).toMatchObject({ status: "paid", balanceCents: 0, paidCents: 9_900 });
    expect(seen.payments).toEqual([
      expect.objectContaining({
        kind: "payment",
        status: "succeeded",
        method: "card",
        amountCents: 9_900,
        reference: "pi_once",
      }),
    ]);
    const list = (await callApi(t, demo, "GET", "/api/invoices")).json() as InvoiceDetail[];
    expect(list.find((row) => row.id === invoice.id)).toMatchObject({ status: "paid" });
  });

  it("records one payment when Stripe delivers the same event to two instances at once", async () => {
    const invoice = await openInvoice(3_300);
    const event = stripe.signedEvent(
      "payment_intent.succeeded",
      intentFor(invoice, 3_300, "pi_concurrent"),
    );
    const answers = await Promise.all([send(event), send(event), send(event)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const recorded = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, "pi_concurrent"));
    expect(recorded).toHaveLength(1);
    expect(await emailsAbout("payment-receipt", invoice.number!)).toHaveLength(1);
    expect((await invoiceAsClient(invoice.id)).paidCents).toBe(3_300);
  });

  it("lists a failed payment as failed and emails the client why", async () => {
    const invoice = await openInvoice(4_200);
    const response = await send(
      stripe.signedEvent("payment_intent.payment_failed", {
        ...intentFor(invoice, 4_200, "pi_declined"),
        amount_received: 0,
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", message: "Your card has insufficient funds." },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);

    const listed = (await callApi(t, demo, "GET", "/api/payments")).json() as Payment[];
    expect(listed.find((payment) => payment.reference === "pi_declined")).toMatchObject({
      status: "failed",
      amountCents: 4_200,
      failureMessage: "Your card has insufficient funds.",
    });
    expect((await invoiceAsClient(invoice.id)).status).toBe("open");
    const [email] = await emailsAbout("payment-failed", invoice.number!);
    expect(email).toMatchObject({ to: demoClientEmail });
    expect(email!.text).toContain("Your card has insufficient funds.");
  });

  it("takes a refund off the invoice it was paid on, which opens again", async () => {
    const invoice = await openInvoice(15_000);
    await send(
      stripe.signedEvent("payment_intent.succeeded", intentFor(invoice, 15_000, "pi_refunded")),
    );
    expect((await invoiceAsClient(invoice.id)).status).toBe("paid");

    const refund = stripe.signedEvent("refund.created", {
      id: "re_part",
      object: "refund",
      amount: 5_000,
      currency: "usd",
      payment_intent: "pi_refunded",
      status: "succeeded",
    });
    expect((await send(refund)).statusCode).toBe(200);
    expect((await send(refund)).statusCode).toBe(200);

    const seen = await invoiceAsClient(invoice.id);
    expect(seen).toMatchObject({ status: "open", paidCents: 10_000, balanceCents: 5_000 });
    expect(seen.payments.filter((payment) => payment.kind === "refund")).toEqual([
      expect.objectContaining({ amountCents: 5_000, reference: "re_part" }),
    ]);
  });

  it("answers 200 to events about nothing of ours, and keeps them as seen", async () => {
    const seenBefore = await seenEvents();
    const paymentsBefore = await paymentRows();
    const events = [
      stripe.signedEvent(
        "payment_intent.succeeded",
        intentFor({ id: "00000000-0000-4000-8000-000000000000", number: "X" }, 100, "pi_x"),
      ),
      stripe.signedEvent(
        "payment_intent.succeeded",
        intentFor({ id: "not-an-id'; drop table payments; --", number: "X" }, 100, "pi_y"),
      ),
      stripe.signedEvent("refund.created", {
        id: "re_x",
        object: "refund",
        amount: 100,
        payment_intent: "pi_never_seen",
        status: "succeeded",
      }),
      stripe.signedEvent("customer.created", { id: "cus_elsewhere", object: "customer" }),
      stripe.signedEvent("checkout.session.completed", {
        id: "cs_test_elsewhere",
        object: "checkout.session",
        mode: "setup",
        customer: "cus_elsewhere",
        setup_intent: "seti_elsewhere",
      }),
    ];
    for (const event of events) {
      const response = await send(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await seenEvents()).toBe(seenBefore + events.length);
    expect(await paymentRows()).toBe(paymentsBefore);
    // Stripe is not asked about another customer's card.
    expect(stripe.requestsTo("GET /v1/setup_intents/seti_elsewhere")).toEqual([]);
  });

  it("saves the card a setup Checkout saved, as Stripe reads it, and makes it the customer's default", async () => {
    stripe.card = { brand: "visa", last4: "1881", exp_month: 11, exp_year: 2032 };
    const response = await callApi(t, demo, "POST", "/api/billing/payment-method");
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = (response.json() as { url: string }).url.split("/").at(-1)!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "setup",
      customer: "cus_DemoRiveraBakery",
      success_url: `${t.config.publicUrl}/dashboard?tab=billing&card=saved`,
    });

    const completed = await send(
      stripe.signedEvent("checkout.session.completed", { ...session, status: "complete" }),
    );
    expect(completed.statusCode, completed.body).toBe(200);

    const billing = (await callApi(t, demo, "GET", "/api/billing")).json();
    expect(billing.paymentMethod).toEqual({
      brand: "Visa",
      last4: "1881",
      expMonth: 11,
      expYear: 2032,
    });
    const [account] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, demoCompany));
    expect(account!.stripePaymentMethodId).toMatch(/^pm_/);
    const [made] = stripe.requestsTo("POST /v1/customers/cus_DemoRiveraBakery");
    expect(made!.body).toEqual({
      invoice_settings: { default_payment_method: account!.stripePaymentMethodId },
    });
    // Put down to the client who started it, as staff's changes of payment details are.
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "billing.changed"), eq(auditEvents.companyId, demoCompany)),
      );
    expect(audited).toEqual([
      expect.objectContaining({
        actorEmail: demoClientEmail,
        actorIsStaff: false,
        changes: {
          before: { card: "Visa ending in 4242" },
          after: { card: "Visa ending in 1881" },
        },
      }),
    ]);
  });

  it("creates a Stripe customer the first time a company needs one, and keeps it", async () => {
    const owner = await signInAs(t, "first-card@example.com");
    const companyId = await companyOf(t, "first-card@example.com");
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await callApi(t, owner, "POST", "/api/billing/payment-method");
      expect(response.statusCode, response.body).toBe(200);
    }
    const created = stripe.requestsTo("POST /v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      email: "first-card@example.com",
      metadata: { companyId },
    });
    const [account] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, companyId));
    expect(account!.stripeCustomerId).toMatch(/^cus_standin/);
    const sessions = stripe.requestsTo("POST /v1/checkout/sessions").slice(-2);
    expect(sessions.map((request) => request.body.customer)).toEqual([
      account!.stripeCustomerId,
      account!.stripeCustomerId,
    ]);
  });
});

describe.each(databaseKinds)("card payments without Stripe on %s", (kind) => {
  let t: TestApp;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db);
    demo = await signInAs(t, demoClientEmail);
  });
  afterAll(() => t.close());

  it("answers 409 with the way to pay instead", async () => {
    const [open] = await t.database.db.select().from(invoices).where(eq(invoices.status, "open"));
    for (const url of [`/api/invoices/${open!.id}/checkout`, "/api/billing/payment-method"]) {
      const response = await callApi(t, demo, "POST", url);
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toEqual({ message: invoiceMessages.noCards });
    }
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(404);
  });
});

describe.each(databaseKinds)("card payments when Stripe refuses us on %s", (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let demo: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    // A key Stripe does not know (revoked, say): every call is refused.
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: "sk_test_revoked",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await seedDemoData(t.database.db);
    demo = await signInAs(t, demoClientEmail);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("answers 502 asking to try again, and a webhook that needs Stripe is left for its retry", async () => {
    const owner = await signInAs(t, "no-customer-yet@example.com");
    const refused = await callApi(t, owner, "POST", "/api/billing/payment-method");
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/could not be reached.*try again/);
    const accounts = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.companyId, await companyOf(t, "no-customer-yet@example.com")));
    expect(accounts).toEqual([]);

    const [open] = await t.database.db.select().from(invoices).where(eq(invoices.status, "open"));
    expect((await callApi(t, demo, "POST", `/api/invoices/${open!.id}/checkout`)).statusCode).toBe(
      502,
    );

    const completed = stripe.signedEvent("checkout.session.completed", {
      id: "cs_test_x",
      object: "checkout.session",
      mode: "setup",
      customer: "cus_DemoRiveraBakery",
      setup_intent: "seti_x",
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": completed.signature },
      payload: completed.payload,
    });
    expect(response.statusCode).toBe(502);
    // Not marked seen: Stripe sends it again, and it is acted on then.
    expect(await t.database.db.select().from(stripeEvents)).toEqual([]);
  });
});
