import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { aCardOnFile, aClient, aPlan } from "../../../tests/support/factories";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in";
import { invoices } from "../db/schema";

/**
 * Autopay end to end in the running server: the billing schedule issues a month's invoice, the
 * saved card is charged through Stripe (the local stand-in) once, and Stripe's event pays it.
 */
describe("automatic payment with the card on file", () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  /** A client who saved a card, signed in as its owner, and their company. */
  let client: string;
  let companyId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp(
      "pglite",
      {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      // The schedule looks every fifth of a second, with the real clock.
      { billing: { intervalMs: 200 } },
    );
    const { company, owner } = await aClient(t.database.db);
    companyId = company.id;
    await aCardOnFile(t.database.db, companyId, {
      stripeCustomerId: "cus_RiveraBakery",
      stripePaymentMethodId: "pm_RiveraVisa4242",
    });
    client = await signInAs(t, owner.email);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("charges a new month's invoice to the saved card once, and Stripe's answer pays it", async () => {
    const on = await callApi(t, client, "PUT", "/api/billing/autopay", { enabled: true });
    expect(on.json().autopay).toBe(true);
    // A plan billed on the 1st since the start of this month: its first month is due now.
    const today = new Date().toISOString().slice(0, 10);
    const plan = await aPlan(t.database.db, companyId, {
      name: "Basic Care",
      amountCents: 15_000,
      billingDay: 1,
      startsOn: `${today.slice(0, 7)}-01`,
    });

    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && stripe.requestsTo("POST /v1/payment_intents").length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.recurringPlanId, plan.id));
    expect(invoice?.status).toBe("open");
    // A few more runs of the schedule ask nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const charges = stripe.requestsTo("POST /v1/payment_intents");
    expect(charges).toHaveLength(1);
    expect(charges[0]!.idempotencyKey).toBe(`autopay-${invoice!.id}`);
    expect(charges[0]!.body).toMatchObject({
      amount: "15000",
      currency: "usd",
      customer: "cus_RiveraBakery",
      payment_method: "pm_RiveraVisa4242",
      off_session: "true",
      confirm: "true",
      metadata: { invoiceId: invoice!.id },
    });

    const succeeded = stripe.signedEvent("payment_intent.succeeded", {
      id: "pi_autopay_1",
      object: "payment_intent",
      amount: 15_000,
      amount_received: 15_000,
      currency: "usd",
      status: "succeeded",
      metadata: { invoiceId: invoice!.id },
    });
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": succeeded.signature },
      payload: succeeded.payload,
    });
    expect(answer.statusCode).toBe(200);
    const seen = (await callApi(t, client, "GET", `/api/invoices/${invoice!.id}`)).json();
    expect(seen).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(seen.payments).toEqual([
      expect.objectContaining({ method: "card", amountCents: 15_000, status: "succeeded" }),
    ]);
  });
});
