import { eq } from "drizzle-orm";
import { clientLinks } from "@shared/deep-links";
import { paymentMethodLabels, type PaymentMethod } from "@shared/schemas/billing";
import { displayName } from "../auth/display-name";
import type { DbExecutor } from "../db/client";
import { companies, type EmailAttachment, type Invoice } from "../db/schema";
import { formatCalendarDate, formatMoney } from "@shared/format";
import {
  invoiceIssuedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  type InvoiceRef,
} from "../mail/templates/billing";
import { notify } from "../notices/notices";
import { billingContacts } from "../team/team";
import { balanceOf, detailOf, invoiceFileName } from "./invoice-reading";
import { invoicePdf } from "./pdf";
import type { BillingSettings } from "./settings";

/*
 * What the client's owners and billing members are told of an invoice, on the bell and by
 * email: that it was issued (with its PDF), that a payment came in, that a card payment failed.
 * Each in the caller's transaction.
 */

/** How the client pays, in a sentence for emails. */
const howToPay = (settings: Pick<BillingSettings, "cardsAccepted">) =>
  settings.cardsAccepted
    ? "You can pay it by card in your client portal, or by bank transfer or check as the invoice says."
    : "You can pay it by bank transfer or check: the details are on the invoice.";

export const invoiceLink = (publicUrl: string, id: string) =>
  `${publicUrl}${clientLinks.invoice(id)}`;

/** The invoice as its emails name it, and its PDF as an attachment. */
export async function invoiceForEmail(
  tx: DbExecutor,
  invoice: Invoice,
  { settings, now }: { settings: BillingSettings; now: Date },
): Promise<{ ref: InvoiceRef; pdf: EmailAttachment }> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, invoice.companyId));
  const detail = await detailOf(tx, invoice, company ?? { name: "" }, { settings, now });
  return {
    ref: invoiceRef(invoice, settings),
    pdf: {
      filename: invoiceFileName(detail),
      contentType: "application/pdf",
      contentBase64: (await invoicePdf(detail, company?.billingAddress ?? null)).toString("base64"),
    },
  };
}

function invoiceRef(invoice: Invoice, settings: Pick<BillingSettings, "cardsAccepted">) {
  return {
    number: invoice.number ?? "draft",
    total: formatMoney(invoice.totalCents),
    balance: formatMoney(balanceOf(invoice)),
    dueDate: invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "on receipt",
    howToPay: howToPay(settings),
  };
}

/** An invoice was issued: told, and emailed with its PDF. */
export async function noticeInvoiceIssued(
  tx: DbExecutor,
  invoice: Invoice,
  { settings, now }: { settings: BillingSettings; now: Date },
) {
  const contacts = await billingContacts(tx, invoice.companyId);
  if (contacts.length === 0) return;
  // The PDF is made once, and only when someone is emailed.
  let attached: Awaited<ReturnType<typeof invoiceForEmail>> | undefined;
  await notify(tx, {
    kind: "invoice-issued",
    key: `invoice-issued:${invoice.id}`,
    recipients: contacts,
    companyId: invoice.companyId,
    title: `Invoice ${invoice.number ?? ""}: ${formatMoney(invoice.totalCents)}`,
    body: `Due ${invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "on receipt"}.`,
    link: clientLinks.invoice(invoice.id),
    email: async (user) => {
      attached ??= await invoiceForEmail(tx, invoice, { settings, now });
      return invoiceIssuedEmail(
        { name: displayName(user), email: user.email },
        attached.ref,
        invoiceLink(settings.publicUrl, invoice.id),
        attached.pdf,
        settings,
      );
    },
  });
}

/** A payment came in (the invoice as it now is, paid or not): told, with a receipt. */
export async function noticePaymentReceived(
  tx: DbExecutor,
  invoice: Invoice,
  payment: {
    id: string;
    amountCents: number;
    paidOn: string;
    method: PaymentMethod;
    reference: string | null;
  },
  settings: BillingSettings,
) {
  const ref = invoiceRef(invoice, settings);
  await notify(tx, {
    kind: "invoice-paid",
    key: `payment:${payment.id}`,
    recipients: await billingContacts(tx, invoice.companyId),
    companyId: invoice.companyId,
    title:
      invoice.status === "paid"
        ? `Invoice ${ref.number} paid: thank you`
        : `Payment of ${formatMoney(payment.amountCents)} received for invoice ${ref.number}`,
    body: `${formatMoney(payment.amountCents)} received on ${formatCalendarDate(payment.paidOn)}.`,
    link: clientLinks.invoice(invoice.id),
    email: (user) =>
      paymentReceiptEmail(
        { name: displayName(user), email: user.email },
        {
          amount: formatMoney(payment.amountCents),
          paidOn: formatCalendarDate(payment.paidOn),
          method: paymentMethodLabels[payment.method].toLowerCase(),
          reference: payment.method === "card" ? null : payment.reference,
        },
        ref,
        invoiceLink(settings.publicUrl, invoice.id),
        settings,
      ),
  });
}

/** A card payment failed: told, with the card processor's reason. */
export async function noticePaymentFailed(
  tx: DbExecutor,
  invoice: Invoice,
  failed: { id: string; amountCents: number; reason: string },
  settings: BillingSettings,
) {
  const ref = invoiceRef(invoice, settings);
  await notify(tx, {
    kind: "payment-failed",
    key: `payment-failed:${failed.id}`,
    recipients: await billingContacts(tx, invoice.companyId),
    companyId: invoice.companyId,
    title: `A card payment of ${formatMoney(failed.amountCents)} failed (invoice ${ref.number})`,
    body: failed.reason,
    link: clientLinks.invoice(invoice.id),
    email: (user) =>
      paymentFailedEmail(
        { name: displayName(user), email: user.email },
        { amount: formatMoney(failed.amountCents), reason: failed.reason },
        ref,
        invoiceLink(settings.publicUrl, invoice.id),
        settings,
      ),
  });
}
