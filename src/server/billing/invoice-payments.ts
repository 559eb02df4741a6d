import { eq } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import type { PaymentMethod } from "@shared/schemas/billing";
import type { DbExecutor } from "../db/client";
import { invoices, payments, type Invoice, type Payment as PaymentRow } from "../db/schema";
import { formatMoney } from "@shared/format";
import { conflict, ok, type Outcome } from "../domain-failure";
import { noticePaymentFailed, noticePaymentReceived } from "./invoice-emails";
import { balanceOf, findInvoice, withLockedInvoice } from "./invoice-reading";
import { invoiceMessages } from "@shared/schemas/billing";
import type { BillingOptions } from "./settings";

/*
 * What is paid on an invoice: payments (recorded by staff, or by card through Stripe's
 * webhook), card payments that failed, and refunds.
 */

export type PaymentInput = {
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reference?: string | null;
  recordedBy?: string | null;
};

/**
 * Records a payment against a locked invoice in the caller's transaction: what was paid grows,
 * the invoice is paid once nothing is owed, and the company's billing contacts get a receipt.
 * Undefined when a card payment with this reference was recorded already (Stripe said it twice).
 */
export async function applyPayment(
  tx: DbExecutor,
  invoice: Invoice,
  input: PaymentInput,
  { settings, now = new Date() }: BillingOptions,
): Promise<Invoice | undefined> {
  const [payment] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "payment",
      status: "succeeded",
      amountCents: input.amountCents,
      method: input.method,
      paidOn: input.paidOn,
      reference: input.reference ?? null,
      recordedBy: input.recordedBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return undefined;
  const paidCents = invoice.paidCents + input.amountCents;
  const paidInFull = paidCents >= invoice.totalCents - invoice.creditedCents;
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents,
      ...(paidInFull && invoice.status !== "void" ? { status: "paid", paidAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await noticePaymentReceived(
    tx,
    after!,
    {
      id: payment.id,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      method: input.method,
      reference: input.reference ?? null,
    },
    settings,
  );
  if (after!.status === "paid" && invoice.status !== "paid") {
    await recordWebhookEvent(
      tx,
      "invoice.paid",
      await findInvoice(tx, invoice.id, { staff: true }, { settings, now }),
      { companyId: invoice.companyId },
    );
  }
  return after;
}

/** Staff record a payment made outside the card processor: at most the balance, on an open invoice. */
export async function recordPayment(
  db: DbExecutor,
  id: string,
  input: PaymentInput,
  options: BillingOptions,
): Promise<Outcome<{ before: Invoice; after: Invoice }>> {
  return withLockedInvoice(db, id, async (tx, before) => {
    if (before.status !== "open" && before.status !== "uncollectible") {
      return conflict(invoiceMessages.notOpen(before.status));
    }
    if (input.amountCents > balanceOf(before)) {
      return conflict(invoiceMessages.overBalance(formatMoney(balanceOf(before))));
    }
    const after = await applyPayment(tx, before, input, options);
    return ok({ before, after: after! });
  });
}

/**
 * A refund, in the caller's transaction: what was paid shrinks. One Stripe made on its own (its
 * webhook) leaves the amount owed again, so a paid invoice opens again; one with a credit note
 * (`credit`) gives that amount back off the invoice too, so what is owed stays as it was.
 * Undefined when a card refund with this reference was recorded already.
 */
export async function applyRefund(
  tx: DbExecutor,
  invoice: Invoice,
  input: {
    amountCents: number;
    paidOn: string;
    reference: string | null;
    method?: PaymentMethod;
    recordedBy?: string | null;
    credit?: boolean;
  },
  now = new Date(),
): Promise<{ invoice: Invoice; refund: PaymentRow } | undefined> {
  const [refund] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "refund",
      status: "succeeded",
      amountCents: input.amountCents,
      method: input.method ?? "card",
      paidOn: input.paidOn,
      reference: input.reference,
      recordedBy: input.recordedBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return undefined;
  const paidCents = invoice.paidCents - input.amountCents;
  const creditedCents = invoice.creditedCents + (input.credit ? input.amountCents : 0);
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents,
      creditedCents,
      ...(invoice.status === "paid" && paidCents < invoice.totalCents - creditedCents
        ? { status: "open", paidAt: null }
        : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return { invoice: after!, refund };
}

/** A card payment that failed, in the caller's transaction: kept to show, and the client told. */
export async function recordFailedPayment(
  tx: DbExecutor,
  invoice: Invoice,
  input: { amountCents: number; paidOn: string; reference: string | null; reason: string },
  { settings }: BillingOptions,
): Promise<void> {
  const [failed] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "payment",
      status: "failed",
      amountCents: input.amountCents,
      method: "card",
      paidOn: input.paidOn,
      reference: input.reference,
      failureMessage: input.reason.slice(0, 500),
    })
    .returning({ id: payments.id });
  await noticePaymentFailed(
    tx,
    invoice,
    { id: failed!.id, amountCents: input.amountCents, reason: input.reason },
    settings,
  );
}
