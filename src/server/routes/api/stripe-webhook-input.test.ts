import { count } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/support/stripe-stand-in";
import { createInvoice } from "../../billing/invoice-issuing";
import { payments, stripeEvents } from "../../db/schema";
import { demoClientEmail, seedDemoData } from "../../db/seed";
import { billingSettings } from "./common";

/** Signed events that are odd, and signatures dated wrongly: 400, and nothing changes. */
describe.each(databaseKinds)("the Stripe webhook's refusals on %s", (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let demo: string;
  let invoice: { id: string; number: string | null };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await seedDemoData(t.database.db);
    demo = await signInAs(t, demoClientEmail);
    const companyId = await companyOf(t, demoClientEmail);
    invoice = (await t.database.db.transaction((tx) =>
      createInvoice(
        tx,
        {
          companyId,
          source: "manual",
          lines: [{ description: "Menu page", quantity: 1, unitPriceCents: 8_000 }],
        },
        { issue: true, settings: billingSettings(t.config) },
      ),
    ))!;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** An event as Stripe sends it, signed with the webhook's secret at `signedAt` (seconds). */
  function signed(event: Record<string, unknown>, signedAt = Math.floor(Date.now() / 1000)) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripe.webhookSecret,
      timestamp: signedAt,
    });
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  }

  /** A payment of the invoice, as `payment_intent.succeeded` carries it, with `changes`. */
  const paymentEvent = (id: string, changes: Record<string, unknown> = {}) => {
    const event = JSON.parse(
      stripe.signedEvent("payment_intent.succeeded", {
        id,
        object: "payment_intent",
        amount: 8_000,
        amount_received: 8_000,
        currency: "usd",
        status: "succeeded",
        metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number },
      }).payload,
    ) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
    return { ...event, data: { object: { ...event.data.object, ...changes } } };
  };

  const state = async () => ({
    payments: (await t.database.db.select({ n: count() }).from(payments))[0]!.n,
    seen: (await t.database.db.select({ n: count() }).from(stripeEvents))[0]!.n,
    invoice: (await callApi(t, demo, "GET", `/api/invoices/${invoice.id}`)).json(),
  });

  it("refuses a signed payment it cannot act on with 400 naming the field, changing nothing", async () => {
    const before = await state();
    expect(before.invoice).toMatchObject({ status: "open", paidCents: 0 });
    const odd: [string, Record<string, unknown>, RegExp][] = [
      ["-500", paymentEvent("pi_negative", { amount_received: -500 }), /amount_received/],
      ["0", paymentEvent("pi_zero", { amount_received: 0 }), /amount_received/],
      ['"100"', paymentEvent("pi_text", { amount_received: "100" }), /amount_received/],
      ["1e308", paymentEvent("pi_huge", { amount_received: 1e308 }), /amount_received/],
      ["10.5", paymentEvent("pi_fraction", { amount_received: 10.5 }), /amount_received/],
      ["null object", { ...paymentEvent("pi_null"), data: { object: null } }, /data\.object/],
      ["no object", { ...paymentEvent("pi_none"), data: {} }, /data\.object/],
      ["no data", { ...paymentEvent("pi_nodata"), data: undefined }, /data/],
    ];
    for (const [label, event, field] of odd) {
      const response = await signed(event);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(/^The event cannot be acted on: /);
      expect(response.json().message, label).toMatch(field);
    }
    // The other events acted on are checked the same way.
    const others = [
      stripe.signedEvent("payment_intent.payment_failed", {
        id: "pi_failed_odd",
        amount: -1,
        metadata: { invoiceId: invoice.id },
      }),
      stripe.signedEvent("refund.created", { id: "re_odd", amount: "5", payment_intent: "pi_x" }),
      stripe.signedEvent("checkout.session.completed", { id: "cs_odd", mode: 7 }),
    ];
    for (const event of others) {
      expect((await signed(JSON.parse(event.payload))).statusCode, event.payload).toBe(400);
    }
    expect(await state()).toEqual(before);
  });

  it("refuses a signature dated over 5 minutes ahead, or behind, and takes one within", async () => {
    const now = Math.floor(Date.now() / 1000);
    const before = await state();
    for (const signedAt of [now + 6 * 60, now - 6 * 60]) {
      const response = await signed(paymentEvent(`pi_at_${signedAt}`), signedAt);
      expect(response.statusCode, String(signedAt - now)).toBe(400);
      expect(response.json().message).toMatch(/^The Stripe-Signature header does not match/);
    }
    expect(await state()).toEqual(before);

    // Within the 5 minutes, either way: the payment is recorded and the invoice paid.
    const paid = await signed(paymentEvent("pi_within"), now + 4 * 60);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true });
    const after = await state();
    expect(after.payments).toBe(before.payments + 1);
    expect(after.invoice).toMatchObject({ status: "paid", paidCents: 8_000, balanceCents: 0 });
  });
});
