import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in";
import {
  cardBrandName,
  createStripeGateway,
  savedCardCharger,
  WebhookSignatureError,
} from "./stripe";

describe("the Stripe gateway, against the stand-in", () => {
  let standIn: StripeStandIn;
  let stripe: ReturnType<typeof createStripeGateway>;
  const charge = {
    invoiceId: "6f1c2d8e-4b1a-4c3e-9d7f-2a5b8c9d0e1f",
    invoiceNumber: "HL-2026-0042",
    amountCents: 2_499,
    customerId: "cus_DemoRiveraBakery",
    paymentMethodId: "pm_DemoVisa4242",
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripeGateway({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
    });
  });
  afterAll(() => standIn.close());

  it("charges a saved card off session, once per invoice whatever the retries", async () => {
    const first = await stripe.chargeSavedCard(charge);
    const again = await stripe.chargeSavedCard(charge);
    expect(first).toEqual({
      ok: true,
      paymentIntentId: expect.stringMatching(/^pi_/),
      status: "succeeded",
    });
    // The same idempotency key: Stripe answers with the same payment, not a second charge.
    expect(again).toEqual(first);

    const asked = standIn.requestsTo("POST /v1/payment_intents");
    expect(asked).toHaveLength(2);
    for (const request of asked) {
      expect(request.idempotencyKey).toBe(`autopay-${charge.invoiceId}`);
      expect(request.body).toMatchObject({
        amount: "2499",
        currency: "usd",
        customer: charge.customerId,
        payment_method: charge.paymentMethodId,
        off_session: "true",
        confirm: "true",
        metadata: { invoiceId: charge.invoiceId },
      });
    }
    expect(asked[0]!.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
  });

  it("answers a declined card with Stripe's reason instead of throwing", async () => {
    standIn.declineWith = "Your card was declined.";
    try {
      const result = await stripe.chargeSavedCard({
        ...charge,
        invoiceId: "0e6d1a52-93b7-4b8e-a4c6-1f2e3d4c5b6a",
      });
      expect(result).toEqual({
        ok: false,
        paymentIntentId: expect.stringMatching(/^pi_/),
        message: "Your card was declined.",
      });
    } finally {
      standIn.declineWith = undefined;
    }
  });

  it("gives the billing schedule a charger only when cards are taken", async () => {
    expect(savedCardCharger(undefined)).toBeUndefined();
    const charger = savedCardCharger({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
    })!;
    const invoiceId = "5b7e0c1d-2a3f-4e5d-8c9b-0a1b2c3d4e5f";
    await expect(charger({ ...charge, invoiceId })).resolves.toBeUndefined();
    expect(
      standIn
        .requestsTo("POST /v1/payment_intents")
        .filter((request) => request.idempotencyKey === `autopay-${invoiceId}`),
    ).toHaveLength(1);
  });

  it("verifies a webhook's signature against the raw body", async () => {
    const event = standIn.signedEvent("payment_intent.succeeded", { id: "pi_1" });
    const verified = await stripe.verifyEvent(Buffer.from(event.payload), event.signature);
    expect(verified).toMatchObject({ id: event.id, type: "payment_intent.succeeded" });

    const tampered = Buffer.from(event.payload.replace("pi_1", "pi_2"));
    await expect(stripe.verifyEvent(tampered, event.signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(stripe.verifyEvent(Buffer.from(event.payload), undefined)).rejects.toThrow(
      "No Stripe-Signature header",
    );
  });

  it("names card brands as people read them", () => {
    expect(cardBrandName("visa")).toBe("Visa");
    expect(cardBrandName("amex")).toBe("American Express");
    expect(cardBrandName("mastercard")).toBe("Mastercard");
    expect(cardBrandName("some_new_brand")).toBe("Some New Brand");
    expect(cardBrandName("unknown")).toBe("Card");
  });
});
