import type Stripe from "stripe";
import type { Config } from "../config";

/** The Stripe settings: the secret key, the webhook's signing secret, another host for tests. */
export type StripeSettings = NonNullable<Config["stripe"]>;

/** A card as the Billing tab shows it: display details only, never anything typed. */
export type SavedCard = {
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** The result of charging a saved card: the rest arrives by webhook. */
export type ChargeResult =
  | { ok: true; paymentIntentId: string; status: string }
  | { ok: false; paymentIntentId: string | null; message: string };

export type StripeEvent = Stripe.Event;

/** How far a webhook's signature may be dated from now, either way: Stripe's default. */
const SIGNATURE_TOLERANCE_S = 300;

/** A signature that does not match the body and the secret (or no signature at all). */
export class WebhookSignatureError extends Error {}

/** Stripe could not be reached, or answered with an error of its own: worth trying again later. */
export class StripeUnavailableError extends Error {}

/** Card brands as people read them ("visa" is "Visa"). */
const brandNames: Record<string, string> = {
  amex: "American Express",
  cartes_bancaires: "Cartes Bancaires",
  diners: "Diners Club",
  discover: "Discover",
  eftpos_au: "eftpos",
  interac: "Interac",
  jcb: "JCB",
  link: "Link",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

export function cardBrandName(brand: string | null | undefined): string {
  if (!brand || brand === "unknown") return "Card";
  return (
    brandNames[brand] ??
    brand
      .split("_")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  );
}

/** A Stripe reference as its id, whether Stripe sent the id or the whole (expanded) object. */
export function idOf(value: string | { id: string }): string;
export function idOf(value: string | { id: string } | null | undefined): string | null;
export function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/**
 * The one place that talks to Stripe, through the official package, loaded the first time it is
 * needed (most instances start and serve pages without ever calling Stripe). With STRIPE_API_URL
 * the client talks to that host instead (the tests' stand-in).
 */
export function createStripeGateway(settings: StripeSettings) {
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import("stripe").then(({ default: StripeClient }) => {
      const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
      return new StripeClient(settings.secretKey, {
        ...(url
          ? {
              host: url.hostname,
              port: url.port || (url.protocol === "http:" ? 80 : 443),
              protocol: url.protocol === "http:" ? ("http" as const) : ("https" as const),
            }
          : {}),
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      });
    }));

  /** Runs a call to Stripe; its failures become StripeUnavailableError (a card decline aside). */
  async function call<T>(what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    const api = await stripe();
    try {
      return await run(api);
    } catch (error) {
      throw new StripeUnavailableError(
        `Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  return {
    /** A new Stripe customer for a company (the key makes a repeat within a day return it). */
    createCustomer: (company: { id: string; name: string; email: string | null }) =>
      call("customer creation", async (api) => {
        const customer = await api.customers.create(
          {
            name: company.name,
            ...(company.email ? { email: company.email } : {}),
            metadata: { companyId: company.id },
          },
          { idempotencyKey: `customer-${company.id}` },
        );
        return customer.id;
      }),

    /** Stripe Checkout (payment mode) for what is owed on one invoice; its URL. */
    invoiceCheckout: (input: {
      invoiceId: string;
      invoiceNumber: string;
      amountCents: number;
      customerId: string;
      successUrl: string;
      cancelUrl: string;
    }) =>
      call("Checkout", async (api) => {
        const metadata = { invoiceId: input.invoiceId, invoiceNumber: input.invoiceNumber };
        const session = await api.checkout.sessions.create({
          mode: "payment",
          customer: input.customerId,
          client_reference_id: input.invoiceId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: input.amountCents,
                product_data: { name: `Invoice ${input.invoiceNumber}` },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata, description: `Invoice ${input.invoiceNumber}` },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("the Checkout Session has no URL");
        return session.url;
      }),

    /** Stripe Checkout (setup mode) to save a card for the customer; its URL. */
    cardSetup: (input: {
      companyId: string;
      /** Who asked, so the card's change is put down to them when Stripe says it is saved. */
      userId: string;
      customerId: string;
      successUrl: string;
      cancelUrl: string;
    }) =>
      call("Checkout", async (api) => {
        const session = await api.checkout.sessions.create({
          mode: "setup",
          currency: "usd",
          customer: input.customerId,
          client_reference_id: input.companyId,
          metadata: { companyId: input.companyId, userId: input.userId },
          setup_intent_data: { metadata: { companyId: input.companyId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error("the Checkout Session has no URL");
        return session.url;
      }),

    /**
     * The card a completed setup-mode Checkout saved, read from Stripe (the SetupIntent, then its
     * PaymentMethod), made the customer's default for invoices. Undefined when it saved no card.
     */
    savedCard: (setupIntentId: string) =>
      call("card lookup", async (api): Promise<SavedCard | undefined> => {
        const intent = await api.setupIntents.retrieve(setupIntentId);
        const paymentMethodId = idOf(intent.payment_method);
        const customerId = idOf(intent.customer);
        if (!paymentMethodId || !customerId) return undefined;
        const method = await api.paymentMethods.retrieve(paymentMethodId);
        if (!method.card) return undefined;
        await api.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        });
        return {
          customerId,
          paymentMethodId,
          brand: cardBrandName(method.card.brand),
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        };
      }),

    /**
     * Charges a saved card for an invoice without the client present (automatic payment). Once
     * per invoice: the idempotency key makes a repeat (a retry, another instance) the same
     * charge. A decline is an answer, not an error; the payment itself is recorded when its
     * webhook arrives.
     */
    chargeSavedCard: async (input: {
      invoiceId: string;
      invoiceNumber: string;
      amountCents: number;
      customerId: string;
      paymentMethodId: string;
    }): Promise<ChargeResult> => {
      const api = await stripe();
      const metadata = { invoiceId: input.invoiceId, invoiceNumber: input.invoiceNumber };
      try {
        const intent = await api.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "usd",
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: `Invoice ${input.invoiceNumber}`,
            metadata,
          },
          { idempotencyKey: `autopay-${input.invoiceId}` },
        );
        return { ok: true, paymentIntentId: intent.id, status: intent.status };
      } catch (error) {
        const stripeError = error as Partial<Stripe.errors.StripeError> | undefined;
        if (stripeError?.type === "StripeCardError") {
          return {
            ok: false,
            paymentIntentId: stripeError.payment_intent?.id ?? null,
            message: stripeError.message ?? "The card was declined",
          };
        }
        throw new StripeUnavailableError(
          `Stripe charge failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },

    /**
     * Gives back (part of) a card payment, to the card it came from: the refund's id. The key
     * names what is refunded and how much was refunded before, so a repeat of the same request
     * (a double click, a retry) is the same refund, never a second one.
     */
    refundCardPayment: (input: {
      paymentIntentId: string;
      amountCents: number;
      idempotencyKey: string;
      metadata: Record<string, string>;
    }) =>
      call("refund", async (api) => {
        const refund = await api.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return refund.id;
      }),

    /**
     * The event a webhook carries, once its signature is checked against the raw body: Stripe's
     * check refuses one signed over 5 minutes ago; one dated over 5 minutes ahead is refused too.
     */
    verifyEvent: async (
      rawBody: Buffer,
      signature: string | undefined,
      now = Date.now(),
    ): Promise<StripeEvent> => {
      if (!signature) throw new WebhookSignatureError("No Stripe-Signature header");
      const api = await stripe();
      let event: StripeEvent;
      try {
        event = api.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_S,
          undefined,
          now,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : "The signature does not match",
        );
      }
      // The time is part of what was signed; read as Stripe's check read it (the last t=).
      const signedAt = signature.split(",").reduce((at, item) => {
        const [key, value] = item.split("=");
        return key === "t" ? parseInt(value ?? "", 10) : at;
      }, Number.NaN);
      if (signedAt * 1000 > now + SIGNATURE_TOLERANCE_S * 1000) {
        throw new WebhookSignatureError("Timestamp is more than 5 minutes in the future");
      }
      return event;
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;

/**
 * What the billing schedule's autopay calls to charge a saved card (undefined when cards are not
 * taken): resolves once Stripe has the request, a decline included (its payment_intent.payment_failed
 * event records it and tells the client); throws when Stripe could not be reached.
 */
export function savedCardCharger(settings: StripeSettings | undefined) {
  if (!settings) return undefined;
  const gateway = createStripeGateway(settings);
  return async (charge: Parameters<StripeGateway["chargeSavedCard"]>[0]): Promise<void> => {
    await gateway.chargeSavedCard(charge);
  };
}
