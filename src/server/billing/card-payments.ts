import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { dayOf } from "@shared/invoice-math";
import { invoiceMessages } from "@shared/schemas/billing";
import { changedFields, recordAudit } from "../audit/audit";
import type { Db, DbExecutor } from "../db/client";
import { billingAccounts, payments, stripeEvents, users } from "../db/schema";
import { invoiceLink } from "./invoice-emails";
import { applyPayment, applyRefund, recordFailedPayment } from "./invoice-payments";
import { balanceOf, findInvoice, lockInvoice } from "./invoice-reading";
import type { BillingSettings } from "./settings";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";
import { idOf, type SavedCard, type StripeEvent, type StripeGateway } from "./stripe";
import { clientLinks } from "@shared/deep-links";

/**
 * Card payments through Stripe: Checkout for an invoice, a card saved for later, and what Stripe
 * tells us by webhook (payments, failures, refunds, saved cards), each event acted on once.
 */

/** Cards are taken when Stripe is set up: the gateway, or undefined. */
type CardSettings = { stripe: StripeGateway | undefined; settings: BillingSettings };

/** Who starts a Checkout: an owner or billing member of a company. */
export type Payer = { companyId: string; companyName: string; userId: string; email: string };

/**
 * The company's Stripe customer: the one on file, or a new one stored on its billing account.
 * Two first payments at once may both create one; the first stored wins and both use it.
 */
export async function stripeCustomerFor(
  db: Db,
  stripe: StripeGateway,
  payer: Payer,
): Promise<string> {
  const [account] = await db
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, payer.companyId));
  if (account?.customerId) return account.customerId;
  const created = await stripe.createCustomer({
    id: payer.companyId,
    name: payer.companyName,
    email: payer.email,
  });
  const [stored] = await db
    .insert(billingAccounts)
    .values({ companyId: payer.companyId, stripeCustomerId: created })
    .onConflictDoUpdate({
      target: billingAccounts.companyId,
      set: {
        stripeCustomerId: sql`coalesce(${billingAccounts.stripeCustomerId}, excluded.stripe_customer_id)`,
        updatedAt: new Date(),
      },
    })
    .returning({ customerId: billingAccounts.stripeCustomerId });
  return stored?.customerId ?? created;
}

/**
 * Stripe Checkout for what is owed on one of the payer's invoices: its URL. Not found when the
 * invoice is not theirs to see; a conflict when cards are not taken or nothing is owed.
 */
export async function startInvoiceCheckout(
  db: Db,
  payer: Payer,
  invoiceId: string,
  { stripe, settings }: CardSettings,
): Promise<Outcome<string>> {
  const invoice = await findInvoice(
    db,
    invoiceId,
    { staff: false, companyId: payer.companyId },
    { settings },
  );
  if (!invoice) return notFound(invoiceMessages.notFound);
  if (!stripe) return conflict(invoiceMessages.noCards);
  if (invoice.status !== "open" || invoice.balanceCents <= 0 || !invoice.number) {
    return conflict(invoiceMessages.nothingOwed);
  }
  const customerId = await stripeCustomerFor(db, stripe, payer);
  const back = invoiceLink(settings.publicUrl, invoice.id);
  const url = await stripe.invoiceCheckout({
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    amountCents: invoice.balanceCents,
    customerId,
    successUrl: `${settings.publicUrl}${clientLinks.invoicePaid(invoice.id)}`,
    cancelUrl: back,
  });
  return ok(url);
}

/** Stripe Checkout in setup mode, to save a card for the payer's company: its URL. */
export async function startCardSetup(
  db: Db,
  payer: Payer,
  { stripe, settings }: CardSettings,
): Promise<Outcome<string>> {
  if (!stripe) return conflict(invoiceMessages.noCards);
  const customerId = await stripeCustomerFor(db, stripe, payer);
  const url = await stripe.cardSetup({
    companyId: payer.companyId,
    userId: payer.userId,
    customerId,
    successUrl: `${settings.publicUrl}${clientLinks.cardSaved()}`,
    cancelUrl: `${settings.publicUrl}${clientLinks.billing()}`,
  });
  return ok(url);
}

/* ---------------------------------------------------------------------------------------------
 * Webhook events.
 * ------------------------------------------------------------------------------------------- */

/**
 * What became of an event: acted on, seen before, ignored, about something not ours, or invalid
 * (signed, but with fields we cannot act on: refused with 400, nothing stored).
 */
export type EventOutcome = {
  result: "acted" | "repeat" | "ignored" | "unknown" | "invalid";
  /** For the log: why it was ignored or not found; for invalid, what is wrong. */
  note?: string;
};

const invoiceIdSchema = z.uuid();

/* The fields of the events acted on, checked before anything is done: a signed event is Stripe's
 * word, but an odd one (a negative or fractional amount, an amount as text, no object) must be
 * refused, not fail in the database and be retried for days. */
const stripeId = z.string().min(1).max(255);
const idOrObject = z
  .union([stripeId, z.object({ id: stripeId })])
  .transform((value) => idOf(value));
/** Whole cents, at least one, at most Stripe's largest charge ($999,999.99). */
const cents = z.number().int().min(1).max(99_999_999);
const metadata = z.record(z.string(), z.string()).nullish();
type Metadata = z.infer<typeof metadata>;
const succeededIntentSchema = z.object({ id: stripeId, amount_received: cents, metadata });
const failedIntentSchema = z.object({
  id: stripeId,
  amount: cents,
  metadata,
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});
const refundSchema = z.object({
  id: stripeId,
  amount: cents,
  payment_intent: idOrObject.nullish(),
  status: z.string().nullish(),
});
const checkoutSessionSchema = z.object({
  id: stripeId,
  mode: z.string(),
  customer: idOrObject.nullish(),
  setup_intent: idOrObject.nullish(),
  metadata,
});
const eventSchema = z.object({
  id: stripeId,
  type: z.string().min(1),
  // Seconds since 1970, before the year 10000 (payments are dated by it).
  created: z.number().int().min(0).max(253_402_300_799),
  data: z.object({ object: z.unknown() }),
});
const objectSchemas = {
  "payment_intent.succeeded": succeededIntentSchema,
  "payment_intent.payment_failed": failedIntentSchema,
  "refund.created": refundSchema,
  "checkout.session.completed": checkoutSessionSchema,
} as const;

/** An event acted on, with its object's fields checked. */
type KnownEvent = {
  [T in keyof typeof objectSchemas]: { type: T; object: z.infer<(typeof objectSchemas)[T]> };
}[keyof typeof objectSchemas];
type ParsedEvent = { id: string; type: string; created: number; known?: KnownEvent };

const isKnown = (type: string): type is keyof typeof objectSchemas => type in objectSchemas;

/** The event's fields we act on, checked; a note naming the first wrong one otherwise. */
function parseEvent(
  event: StripeEvent,
): { ok: true; event: ParsedEvent } | { ok: false; note: string } {
  const envelope = eventSchema.safeParse(event);
  if (!envelope.success) return { ok: false, note: firstProblem(envelope.error) };
  const { id, type, created, data } = envelope.data;
  if (!isKnown(type)) return { ok: true, event: { id, type, created } };
  const object = objectSchemas[type].safeParse(data.object);
  if (!object.success) return { ok: false, note: firstProblem(object.error, "data.object") };
  const known = { type, object: object.data } as KnownEvent;
  return { ok: true, event: { id, type, created, known } };
}

/** "data.object.amount_received: Too small: expected number to be >=1" */
function firstProblem(error: z.ZodError, under?: string): string {
  const [issue] = error.issues;
  const where = [under, ...(issue?.path ?? []).map(String)].filter(Boolean).join(".");
  return `${where || "the event"}: ${issue?.message ?? "invalid"}`;
}

const acted = (note?: string): EventOutcome => ({ result: "acted", ...(note ? { note } : {}) });
const repeat = (): EventOutcome => ({ result: "repeat" });
const unknown = (note: string): EventOutcome => ({ result: "unknown", note });
const ignored = (note: string): EventOutcome => ({ result: "ignored", note });

/** The day Stripe says the event happened, as payments are dated. */
const dayOfEvent = (event: { created: number }) => dayOf(new Date(event.created * 1000));

async function alreadySeen(db: DbExecutor, id: string) {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/**
 * Acts on one verified event, once: the event's id is stored in the same transaction as what it
 * changes, so a repeat (Stripe retries, two instances) finds it and changes nothing, and an
 * event whose effect failed is not marked seen and is acted on when Stripe sends it again. An
 * event about an invoice or payment we do not have is kept as seen and reported (Stripe would
 * otherwise send it again for days).
 */
export async function actOnStripeEvent(
  db: Db,
  signed: StripeEvent,
  { stripe, settings }: { stripe: StripeGateway; settings: BillingSettings },
): Promise<EventOutcome> {
  const parsed = parseEvent(signed);
  if (!parsed.ok) return { result: "invalid", note: parsed.note };
  const event = parsed.event;
  const { known } = event;
  if (await alreadySeen(db, event.id)) return repeat();
  // What needs Stripe is read before the transaction, so no row stays locked on a network call;
  // and only for a customer of ours.
  const setup =
    known?.type === "checkout.session.completed" && known.object.mode === "setup"
      ? known.object
      : undefined;
  const card =
    setup?.setup_intent && setup.customer && (await isOurCustomer(db, setup.customer))
      ? await stripe.savedCard(setup.setup_intent)
      : undefined;

  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!first) return repeat();

    const day = dayOfEvent(event);
    switch (known?.type) {
      case "payment_intent.succeeded":
        return paymentSucceeded(tx, known.object, day, settings);
      case "payment_intent.payment_failed":
        return paymentFailed(tx, known.object, day, settings);
      case "refund.created":
        return refundCreated(tx, known.object, day);
      case "checkout.session.completed":
        if (known.object.mode !== "setup") {
          return ignored("a payment's Checkout: its payment_intent.succeeded records it");
        }
        return card
          ? cardSaved(tx, card, known.object.metadata?.userId)
          : unknown(`setup ${known.object.id} saved no card for a customer of ours`);
      default:
        return ignored(`${event.type} is not used`);
    }
  });
}

async function isOurCustomer(db: DbExecutor, customerId: string) {
  const [account] = await db
    .select({ id: billingAccounts.id })
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId));
  return account !== undefined;
}

/** The invoice a payment intent names in its metadata, locked; undefined when there is none. */
async function invoiceOfIntent(tx: DbExecutor, intent: { metadata?: Metadata }) {
  const id = invoiceIdSchema.safeParse(intent.metadata?.invoiceId);
  return id.success ? lockInvoice(tx, id.data) : undefined;
}

async function paymentSucceeded(
  tx: DbExecutor,
  intent: z.infer<typeof succeededIntentSchema>,
  paidOn: string,
  settings: BillingSettings,
): Promise<EventOutcome> {
  if (!intent.metadata?.invoiceId) return ignored(`payment ${intent.id} names no invoice`);
  const invoice = await invoiceOfIntent(tx, intent);
  if (!invoice) return unknown(`payment ${intent.id} is for an invoice we do not have`);
  const after = await applyPayment(
    tx,
    invoice,
    { amountCents: intent.amount_received, paidOn, method: "card", reference: intent.id },
    { settings },
  );
  if (!after) return repeat();
  // The money came in all the same (two Checkouts paid, a check recorded meanwhile): kept, and
  // said in the log so staff can refund what was paid twice.
  const owedBefore = balanceOf(invoice);
  if (invoice.status !== "open" || intent.amount_received > owedBefore) {
    return acted(
      `payment ${intent.id} came to an invoice that was ${invoice.status} owing ${owedBefore} cents: refund what is over`,
    );
  }
  return acted();
}

async function paymentFailed(
  tx: DbExecutor,
  intent: z.infer<typeof failedIntentSchema>,
  paidOn: string,
  settings: BillingSettings,
): Promise<EventOutcome> {
  if (!intent.metadata?.invoiceId) return ignored(`payment ${intent.id} names no invoice`);
  const invoice = await invoiceOfIntent(tx, intent);
  if (!invoice) return unknown(`payment ${intent.id} is for an invoice we do not have`);
  await recordFailedPayment(
    tx,
    invoice,
    {
      amountCents: intent.amount,
      paidOn,
      reference: intent.id,
      reason: intent.last_payment_error?.message ?? "The card was declined.",
    },
    { settings },
  );
  return acted();
}

/** A refund: found through the card payment it gives back, and taken off that invoice. */
async function refundCreated(
  tx: DbExecutor,
  refund: z.infer<typeof refundSchema>,
  paidOn: string,
): Promise<EventOutcome> {
  if (refund.status === "failed" || refund.status === "canceled") {
    return ignored(`refund ${refund.id} is ${refund.status}`);
  }
  const intentId = refund.payment_intent ?? null;
  const [payment] = intentId
    ? await tx
        .select({ invoiceId: payments.invoiceId })
        .from(payments)
        .where(
          and(
            eq(payments.reference, intentId),
            eq(payments.kind, "payment"),
            eq(payments.method, "card"),
            eq(payments.status, "succeeded"),
          ),
        )
    : [];
  const invoice = payment && (await lockInvoice(tx, payment.invoiceId));
  if (!invoice) return unknown(`refund ${refund.id} is for a payment we do not have`);
  const after = await applyRefund(tx, invoice, {
    amountCents: refund.amount,
    paidOn,
    reference: refund.id,
  });
  return after ? acted() : repeat();
}

const cardName = (card: { cardBrand: string | null; cardLast4: string | null }) =>
  card.cardBrand && card.cardLast4 ? `${card.cardBrand} ending in ${card.cardLast4}` : null;

/**
 * The card a setup Checkout saved, on the billing account of the customer it belongs to, and in
 * the audit log as a change of payment details by whoever started the setup.
 */
async function cardSaved(
  tx: DbExecutor,
  card: SavedCard,
  userId: string | undefined,
): Promise<EventOutcome> {
  const [before] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, card.customerId))
    .for("update");
  if (!before) return unknown(`customer ${card.customerId} is not one of ours`);
  const [account] = await tx
    .update(billingAccounts)
    .set({
      stripePaymentMethodId: card.paymentMethodId,
      cardBrand: card.brand.slice(0, 40),
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      updatedAt: new Date(),
    })
    .where(eq(billingAccounts.id, before.id))
    .returning();
  const id = z.uuid().safeParse(userId);
  const [actor] = id.success ? await tx.select().from(users).where(eq(users.id, id.data)) : [];
  await recordAudit(
    tx,
    { actor: actor ?? null, ipAddress: null },
    {
      action: "billing.changed",
      targetType: "company",
      targetId: before.companyId,
      companyId: before.companyId,
      changes: changedFields({ card: cardName(before) }, { card: cardName(account!) }) ?? {
        after: { card: cardName(account!) },
      },
    },
  );
  return acted();
}
