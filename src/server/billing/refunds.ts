import { and, eq, sql } from "drizzle-orm";
import { creditNotePrefix } from "@content/billing";
import { clientLinks } from "@shared/deep-links";
import { dayOf } from "@shared/invoice-math";
import type { CreditNote, PaymentMethod } from "@shared/schemas/billing";
import { invoiceMessages, paymentMethodLabels } from "@shared/schemas/billing";
import { displayName } from "../auth/display-name";
import type { Db, DbExecutor } from "../db/client";
import {
  companies,
  creditNoteCounters,
  creditNotes,
  payments,
  type CreditNote as CreditNoteRow,
  type Invoice,
} from "../db/schema";
import { formatMoney } from "@shared/format";
import { creditNoteEmail } from "../mail/templates/billing";
import { notify } from "../notices/notices";
import { billingContacts } from "../team/team";
import { invoiceForEmail, invoiceLink } from "./invoice-emails";
import { nextNumber } from "./invoice-issuing";
import { applyRefund } from "./invoice-payments";
import { findInvoice, lockInvoice, type Viewer } from "./invoice-reading";
import type { BillingOptions, BillingSettings } from "./settings";
import { billingAddressOf } from "./bill-to";
import { creditNotePdf } from "./pdf";
import type { StripeGateway } from "./stripe";
import { conflict, invalid, notFound, ok, type Outcome } from "../domain-failure";

/*
 * Refunds staff make, and the credit note each issues: a card payment is refunded through Stripe,
 * anything else is recorded with how the money went back. The refund, its credit note (numbered
 * CN-2026-0001 without gaps) and the invoice's new figures are written in one transaction, under
 * the invoice's lock, so two refunds at once take turns and neither can give back too much.
 */

export type RefundOutcome = Outcome<{ before: Invoice; after: Invoice; creditNote: CreditNoteRow }>;

export const refundMessages = {
  notRefundable: (status: string) =>
    `This invoice is ${status}: only a payment of an issued invoice can be refunded`,
  noPayment: "Choose a payment of this invoice to refund",
  tooMuch: (most: string) =>
    `That is more than is left to refund of this payment: refund at most ${most}`,
  nothingLeft: "This payment has been refunded in full already",
  noMethod: "Choose how the money was returned",
  noCards: "Cards are not set up here, so this card payment cannot be refunded from the app",
  repeated: "This refund was recorded already",
};

export type RefundRequest = {
  paymentId: string;
  amountCents: number;
  method?: PaymentMethod | undefined;
  reference?: string | null | undefined;
  reason?: string | null | undefined;
  recordedBy: string | null;
};

/**
 * Refunds (part of) one payment of an invoice, in the caller's transaction, and issues its credit
 * note: at most what is left of that payment after its earlier refunds, and of what the invoice
 * holds as paid. A card payment is refunded through Stripe while the invoice is locked (a second
 * refund waits for the first rather than both asking Stripe); Stripe's failure throws, and the
 * transaction then stores nothing.
 */
export async function refundPayment(
  tx: DbExecutor,
  invoiceId: string,
  input: RefundRequest,
  {
    settings,
    stripe,
    now = new Date(),
  }: BillingOptions & { stripe?: Pick<StripeGateway, "refundCardPayment"> },
): Promise<RefundOutcome> {
  const before = await lockInvoice(tx, invoiceId);
  if (!before) return notFound(invoiceMessages.notFound);
  if (before.status === "draft" || before.status === "void") {
    return conflict(refundMessages.notRefundable(before.status));
  }
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, input.paymentId),
        eq(payments.invoiceId, before.id),
        eq(payments.kind, "payment"),
        eq(payments.status, "succeeded"),
      ),
    );
  if (!payment) return invalid(refundMessages.noPayment, "paymentId");
  const [given] = await tx
    .select({ cents: sql<string>`coalesce(sum(${creditNotes.amountCents}), 0)` })
    .from(creditNotes)
    .where(eq(creditNotes.paymentId, payment.id));
  const refundedBefore = Number(given?.cents ?? 0);
  const most = Math.min(payment.amountCents - refundedBefore, before.paidCents);
  if (most <= 0) return conflict(refundMessages.nothingLeft);
  if (input.amountCents > most) {
    return invalid(refundMessages.tooMuch(formatMoney(most)), "amountCents");
  }

  let method: PaymentMethod;
  let reference: string | null;
  if (payment.method === "card") {
    if (!stripe || !payment.reference) return conflict(refundMessages.noCards);
    method = "card";
    reference = await stripe.refundCardPayment({
      paymentIntentId: payment.reference,
      amountCents: input.amountCents,
      idempotencyKey: `refund-${payment.id}-${refundedBefore}-${input.amountCents}`,
      metadata: { invoiceId: before.id, invoiceNumber: before.number ?? "" },
    });
  } else {
    if (!input.method) return invalid(refundMessages.noMethod, "method");
    method = input.method;
    reference = input.reference ?? null;
  }

  const issueDate = dayOf(now);
  const applied = await applyRefund(
    tx,
    before,
    {
      amountCents: input.amountCents,
      paidOn: issueDate,
      reference,
      method,
      recordedBy: input.recordedBy,
      credit: true,
    },
    now,
  );
  if (!applied) return conflict(refundMessages.repeated);
  const number = await nextNumber(
    tx,
    creditNoteCounters,
    creditNotePrefix,
    Number(issueDate.slice(0, 4)),
  );
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: before.id,
      companyId: before.companyId,
      paymentId: payment.id,
      refundId: applied.refund.id,
      amountCents: input.amountCents,
      reason: input.reason ?? null,
      issueDate,
      createdBy: input.recordedBy,
    })
    .returning();
  await emailCreditNote(tx, applied.invoice, toCreditNote(creditNote!, method, reference), {
    settings,
    now,
  });
  return ok({ before, after: applied.invoice, creditNote: creditNote! });
}

const toCreditNote = (
  row: CreditNoteRow,
  method: PaymentMethod,
  reference: string | null,
): CreditNote => ({
  id: row.id,
  number: row.number,
  invoiceId: row.invoiceId,
  paymentId: row.paymentId,
  amountCents: row.amountCents,
  method,
  reference,
  reason: row.reason,
  issueDate: row.issueDate,
});

const creditNoteFileName = (note: Pick<CreditNote, "number">) => `credit-note-${note.number}.pdf`;

/** The client's billing contacts hear of the credit note, emailed with its PDF. */
async function emailCreditNote(
  tx: DbExecutor,
  invoice: Invoice,
  note: CreditNote,
  { settings, now }: { settings: BillingSettings; now: Date },
) {
  const contacts = await billingContacts(tx, invoice.companyId);
  if (contacts.length === 0) return;
  const { ref } = await invoiceForEmail(tx, invoice, { settings, now });
  const [company] = await tx
    .select({ name: companies.name, billingAddress: companies.billingAddress })
    .from(companies)
    .where(eq(companies.id, invoice.companyId));
  const pdf = {
    filename: creditNoteFileName(note),
    contentType: "application/pdf",
    contentBase64: (
      await creditNotePdf(
        note,
        { ...invoice, companyName: company?.name ?? "" },
        company?.billingAddress ?? null,
      )
    ).toString("base64"),
  };
  const amount = formatMoney(note.amountCents);
  const how =
    note.method === "card"
      ? "to the card it was paid with"
      : `by ${paymentMethodLabels[note.method].toLowerCase()}${note.reference ? ` (reference ${note.reference})` : ""}`;
  await notify(tx, {
    kind: "invoice-paid",
    key: `credit-note:${note.id}`,
    recipients: contacts,
    companyId: invoice.companyId,
    title: `Credit note ${note.number}: ${amount} refunded on invoice ${ref.number}`,
    body: `Refunded ${how}.`,
    link: clientLinks.invoice(invoice.id),
    email: (user) =>
      creditNoteEmail(
        { name: displayName(user), email: user.email },
        { number: note.number, amount, how },
        ref,
        invoiceLink(settings.publicUrl, invoice.id),
        pdf,
        settings,
      ),
  });
}

/** A credit note as PDF, for a viewer who may read its invoice; undefined otherwise. */
export async function creditNoteDocument(
  db: Db,
  id: string,
  viewer: Viewer,
  options: { settings: Pick<BillingSettings, "cardsAccepted"> },
): Promise<{ fileName: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ invoiceId: creditNotes.invoiceId })
    .from(creditNotes)
    .where(eq(creditNotes.id, id));
  const invoice = row && (await findInvoice(db, row.invoiceId, viewer, options));
  const note = invoice?.creditNotes.find((candidate) => candidate.id === id);
  if (!invoice || !note) return undefined;
  return {
    fileName: creditNoteFileName(note),
    bytes: await creditNotePdf(note, invoice, await billingAddressOf(db, invoice.companyId)),
  };
}
