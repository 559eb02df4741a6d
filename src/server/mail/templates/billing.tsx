import { brand } from "@content/site";
import type { EmailAttachment } from "../../db/schema";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type Person = { name: string; email: string };
/** An invoice as its emails name it: money and dates already formatted. */
export type InvoiceRef = {
  number: string;
  total: string;
  balance: string;
  dueDate: string;
  /** How to pay: a sentence on card payment or on transfer and check. */
  howToPay: string;
};

const withPdf = (email: QueuedEmail, pdf: EmailAttachment): QueuedEmail => ({
  ...email,
  attachments: [pdf],
});

/** To a client's owner or billing member: a new invoice, its PDF attached. */
export function invoiceIssuedEmail(
  client: Person,
  invoice: InvoiceRef,
  link: string,
  pdf: EmailAttachment,
  settings: { agencyInbox: string },
): QueuedEmail {
  return withPdf(
    simpleEmail(
      "invoice-issued",
      client.email,
      `Invoice ${invoice.number} from ${brand.name}: ${invoice.total}`,
      [
        `Hi ${client.name},`,
        `Invoice ${invoice.number} for ${invoice.total} is attached. It is due on ${invoice.dueDate}.`,
        invoice.howToPay,
      ],
      { label: "View the invoice", href: link },
      settings.agencyInbox,
    ),
    pdf,
  );
}

/**
 * To a client: an unpaid invoice is due today, or is some days past due (7 and 14, or later
 * after downtime); or, sent by hand by staff, not due yet (days past due below zero).
 */
export function invoiceReminderEmail(
  client: Person,
  invoice: InvoiceRef,
  daysPastDue: number,
  link: string,
  pdf: EmailAttachment,
  settings: { agencyInbox: string },
): QueuedEmail {
  const when =
    daysPastDue < 0
      ? `is due on ${invoice.dueDate}`
      : daysPastDue === 0
        ? `is due today (${invoice.dueDate})`
        : `was due on ${invoice.dueDate}, ${daysPastDue} ${daysPastDue === 1 ? "day" : "days"} ago`;
  return withPdf(
    simpleEmail(
      "invoice-reminder",
      client.email,
      daysPastDue < 0
        ? `Reminder: invoice ${invoice.number} is due on ${invoice.dueDate}`
        : daysPastDue === 0
          ? `Reminder: invoice ${invoice.number} is due today`
          : `Overdue: invoice ${invoice.number} (${invoice.balance} unpaid)`,
      [
        `Hi ${client.name},`,
        `Invoice ${invoice.number} ${when}. ${invoice.balance} is still unpaid.`,
        invoice.howToPay,
        "If you have paid it already, thank you, and please ignore this reminder.",
      ],
      { label: "View the invoice", href: link },
      settings.agencyInbox,
    ),
    pdf,
  );
}

/** To a client: a payment was received (a receipt). */
export function paymentReceiptEmail(
  client: Person,
  payment: { amount: string; paidOn: string; method: string; reference: string | null },
  invoice: InvoiceRef,
  link: string,
  settings: { agencyInbox: string },
): QueuedEmail {
  return simpleEmail(
    "payment-receipt",
    client.email,
    `Receipt: ${payment.amount} received for invoice ${invoice.number}`,
    [
      `Hi ${client.name},`,
      `Thank you: we received ${payment.amount} on ${payment.paidOn} by ${payment.method}${payment.reference ? ` (reference ${payment.reference})` : ""} for invoice ${invoice.number}.`,
      invoice.balance === "$0.00"
        ? "The invoice is now paid in full."
        : `${invoice.balance} of it is still to pay.`,
    ],
    { label: "View the invoice", href: link },
    settings.agencyInbox,
  );
}

/** To a client: money given back on an invoice, with its credit note attached. */
export function creditNoteEmail(
  client: Person,
  note: { number: string; amount: string; how: string },
  invoice: InvoiceRef,
  link: string,
  pdf: EmailAttachment,
  settings: { agencyInbox: string },
): QueuedEmail {
  return withPdf(
    simpleEmail(
      "credit-note",
      client.email,
      `Credit note ${note.number}: ${note.amount} refunded on invoice ${invoice.number}`,
      [
        `Hi ${client.name},`,
        `We refunded ${note.amount} of invoice ${invoice.number} ${note.how}. Credit note ${note.number} is attached.`,
        "A card refund can take 5 to 10 business days to show on your statement.",
      ],
      { label: "View the invoice", href: link },
      settings.agencyInbox,
    ),
    pdf,
  );
}

/** To a client: a card payment failed. */
export function paymentFailedEmail(
  client: Person,
  failure: { amount: string; reason: string },
  invoice: InvoiceRef,
  link: string,
  settings: { agencyInbox: string },
): QueuedEmail {
  return simpleEmail(
    "payment-failed",
    client.email,
    `Payment failed for invoice ${invoice.number}`,
    [
      `Hi ${client.name},`,
      `We could not take ${failure.amount} from your card for invoice ${invoice.number}: ${failure.reason}`,
      "You can pay it with another card from your client portal, or update the card we keep on file.",
    ],
    { label: "Pay the invoice", href: link },
    settings.agencyInbox,
  );
}

/** To the agency: a client asks to change plan. */
export function planRequestEmail(
  client: Person & { companyName: string },
  request: { currentPlan: string | null; requestedPlan: string; note: string | null },
  link: string,
  settings: { agencyInbox: string },
): QueuedEmail {
  return simpleEmail(
    "plan-request",
    settings.agencyInbox,
    `Plan change requested: ${client.companyName} wants ${request.requestedPlan}`,
    [
      `${client.name} <${client.email}> of ${client.companyName} asks for ${request.requestedPlan}${request.currentPlan ? ` instead of ${request.currentPlan}` : " as a new plan"}.`,
      ...(request.note ? [`Their note: ${request.note}`] : []),
      "Approve it with a monthly price, and the plan's next invoice uses it.",
    ],
    { label: "Open the request", href: link },
    client.email,
  );
}
