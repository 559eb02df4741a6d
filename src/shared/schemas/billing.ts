import { z } from "./zod";
import {
  INTEGER_MAX,
  optionalDate,
  optionalText,
  plainText,
  requiredDate,
  requiredText,
  wholeNumber,
} from "./fields";
import { lineAmount } from "../invoice-math";
import { MAX_PRICE_CENTS } from "./proposals";

export const invoiceStatuses = ["draft", "open", "paid", "void", "uncollectible"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

/** Where an invoice came from: staff, a part of a proposal's payment plan, or a monthly plan. */
export const invoiceSources = [
  "manual",
  "deposit",
  "midpoint",
  "completion",
  "recurring",
  "overage",
] as const;
export type InvoiceSource = (typeof invoiceSources)[number];

export const paymentMethods = ["card", "bank-transfer", "check", "cash", "other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: "Card",
  "bank-transfer": "Bank transfer",
  check: "Check",
  cash: "Cash",
  other: "Other",
};

/** What the server says when an invoice cannot take what was asked of it (404 and 409 answers). */
export const invoiceMessages = {
  notFound: "Invoice not found",
  notDraft: "Only a draft can be issued or deleted: this invoice is already issued",
  notOpen: (status: string) => `This invoice is ${status}: only an open invoice can take this`,
  hasPayments: "This invoice has payments: refund them before voiding it",
  overBalance: (balance: string) =>
    `That is more than the balance of ${balance}: record at most the balance`,
  nothingOwed: "Nothing is owed on this invoice",
  noCards: "Cards are not taken online: pay by bank transfer or check as the invoice says",
};

/** Invoices are due this many days after they are issued unless staff choose another date. */
export const NET_DAYS = 14;
/** Reminders go at the due date, then this many days after it, while unpaid. */
export const REMINDER_DAYS_PAST_DUE = [0, 7, 14] as const;

/** One line of an invoice as both sides read it. */
export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A payment, a failed card payment or a refund, as the Billing tab and the back office list them. */
export const paymentSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  kind: z.enum(["payment", "refund"]),
  status: z.enum(["succeeded", "failed"]),
  amountCents: z.number().int(),
  method: z.enum(paymentMethods),
  paidOn: z.string(),
  reference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** An invoice in a list. */
export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  status: z.enum(invoiceStatuses),
  source: z.enum(invoiceSources),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  subtotalCents: z.number().int(),
  /** The tax rate as a percentage, e.g. 10.1. */
  taxRatePercent: z.number(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  /** What credit notes gave back: no longer owed. */
  creditedCents: z.number().int(),
  balanceCents: z.number().int(),
  /** Open, with a balance, and past its due date. */
  overdue: z.boolean(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** How a client can pay an invoice without a card: from src/content/. */
export const offlinePaymentSchema = z.object({
  bankTransfer: z.array(z.object({ label: z.string(), value: z.string() })),
  check: z.object({ payableTo: z.string(), address: z.string() }),
});
export type OfflinePayment = z.infer<typeof offlinePaymentSchema>;

/** A credit note: the document of a refund, numbered CN-2026-0001, with its own PDF. */
export const creditNoteSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  invoiceId: z.uuid(),
  /** The payment it gives (part of) back. */
  paymentId: z.uuid(),
  amountCents: z.number().int(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  issueDate: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** One invoice with its lines and payments. */
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  creditNotes: z.array(creditNoteSchema),
  lines: z.array(invoiceLineSchema),
  memo: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  proposalId: z.uuid().nullable(),
  payments: z.array(paymentSchema),
  /** Whether "Pay now" can take a card (Stripe is set up, and there is a balance to pay). */
  payableByCard: z.boolean(),
  /** Bank transfer and check instructions, when cards are not taken. */
  offlinePayment: offlinePaymentSchema.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** A monthly plan a client pays for. */
export const recurringPlanSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  amountCents: z.number().int(),
  billingDay: z.number().int(),
  startsOn: z.string(),
  status: z.enum(["active", "cancelled"]),
  /** The next date it will be invoiced (null once cancelled). */
  nextBillingDate: z.string().nullable(),
});
export type RecurringPlan = z.infer<typeof recurringPlanSchema>;

/** A client's request to change plan, and what staff made of it. */
export const planRequestSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  planId: z.uuid().nullable(),
  /** The plan it changes, by name, when it changes one. */
  currentPlan: z.string().nullable(),
  requestedPlan: z.string(),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  status: z.enum(["pending", "approved", "declined"]),
  approvedAmountCents: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

/** The card saved with the payment provider: display details only, never a card number. */
export const cardOnFileSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type CardOnFile = z.infer<typeof cardOnFileSchema>;

/** The Billing tab's two cards, and what a client's page in the back office shows of billing. */
export const billingSchema = z.object({
  plans: z.array(recurringPlanSchema),
  /** What the active plans cost together each month. */
  monthlyCostCents: z.number().int(),
  /** The earliest next billing date of the active plans. */
  nextBillingDate: z.string().nullable(),
  paymentMethod: cardOnFileSchema.nullable(),
  /** The saved card pays recurring invoices when they are issued. */
  autopay: z.boolean(),
  /** Cards are taken (Stripe is set up). */
  cardsAccepted: z.boolean(),
  /** What is owed on open invoices, and how many of them are past due. */
  balanceCents: z.number().int(),
  overdueCount: z.number().int(),
  planRequests: z.array(planRequestSchema),
  /** Monthly lines of an accepted proposal, billed once its site launches. */
  plansFromLaunch: z.array(z.object({ name: z.string(), amountCents: z.number().int() })),
  /** Where the company is billed, as its invoices print it under its name; null: none given. */
  billingAddress: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

/** The lines of an address as entered, without blank ones or spaces at their ends. */
export function addressLines(address: string | null | undefined): string[] {
  return (address ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The most lines an address takes on an invoice: street, a second line, city, region, country. */
export const BILLING_ADDRESS_LINES = 6;

/** A client's billing address, a line each part; empty text removes it. */
export const billingAddressSchema = z.object({
  billingAddress: plainText("Billing address")
    .trim()
    .max(400, "Billing address must be at most 400 characters")
    .refine(
      (value) => addressLines(value).length <= BILLING_ADDRESS_LINES,
      `Billing address must be at most ${BILLING_ADDRESS_LINES} lines: street, city and postal code, country`,
    ),
});
export type BillingAddressInput = z.infer<typeof billingAddressSchema>;

/** Where the browser goes next: a Stripe Checkout page. */
export const redirectSchema = z.object({ url: z.string() });

const planName = requiredText(
  "Plan",
  2,
  100,
  "Plan must be at least 2 characters",
  "Plan must be at most 100 characters",
);

/** A client asks to change plan (or add one), from the catalogue's monthly plans. */
export const planRequestInputSchema = z.object({
  requestedPlan: planName,
  /** The plan to change; none asks for a new plan beside the others. */
  planId: z.uuid({ error: "Choose one of your plans" }).optional(),
  note: optionalText("Note", 2000, "Note must be at most 2,000 characters", "paragraphs"),
});
export type PlanRequestInput = z.input<typeof planRequestInputSchema>;

/** Staff approve a plan request at a monthly price. */
export const planRequestApprovalSchema = z.object({
  amountCents: wholeNumber("Monthly price", 0, MAX_PRICE_CENTS),
});

export const autopaySchema = z.object({
  enabled: z.boolean({ error: "Choose on or off" }),
});

/** Staff add a monthly plan to a client, or change one. */
export const recurringPlanInputSchema = z.object({
  name: planName,
  amountCents: wholeNumber("Monthly price", 0, MAX_PRICE_CENTS),
  billingDay: wholeNumber("Billing day", 1, 28),
  startsOn: requiredDate(),
});
export type RecurringPlanInput = z.input<typeof recurringPlanInputSchema>;

/** One line of an invoice as staff write it. */
export const invoiceLineInputSchema = z.object({
  description: requiredText(
    "Description",
    2,
    200,
    "Each line needs a description of at least 2 characters",
    "A line's description must be at most 200 characters",
  ),
  quantity: wholeNumber("Quantity", 1, 1000),
  unitPriceCents: wholeNumber("Price", 0, MAX_PRICE_CENTS),
});

/** A manual invoice from the back office: kept as a draft, or issued (numbered and emailed). */
export const newInvoiceSchema = z.object({
  companyId: z.uuid({ error: "Choose a client" }),
  lines: z
    .array(invoiceLineInputSchema, { error: "Add at least one line" })
    .min(1, "Add at least one line")
    .max(50, "An invoice has at most 50 lines")
    .refine(
      (lines) => lines.reduce((sum, line) => sum + lineAmount(line), 0) <= MAX_PRICE_CENTS,
      "An invoice's lines must come to at most $10,000,000.00",
    ),
  /** Unset: NET_DAYS after it is issued. */
  dueDate: optionalDate(),
  memo: optionalText("Memo", 2000, "Memo must be at most 2,000 characters", "paragraphs"),
  issue: z.boolean({ error: "Choose to issue it or keep a draft" }).default(true),
});
export type NewInvoiceInput = z.input<typeof newInvoiceSchema>;
export type NewInvoice = z.output<typeof newInvoiceSchema>;

/** A payment staff record by hand: a transfer, a check, cash. */
export const recordPaymentSchema = z.object({
  amountCents: wholeNumber("Amount", 1, MAX_PRICE_CENTS),
  paidOn: requiredDate(),
  method: z.enum(paymentMethods, { error: "Choose how it was paid" }),
  reference: optionalText("Reference", 255, "Reference must be at most 255 characters"),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/**
 * Staff refund (part of) a payment of an invoice: a card payment through Stripe, anything else
 * recorded with how the money went back. Either way a credit note is issued.
 */
export const refundInputSchema = z.object({
  paymentId: z.uuid({ error: "Choose the payment to refund" }),
  amountCents: wholeNumber("Amount", 1, MAX_PRICE_CENTS),
  /** How the money went back, for a payment not made by card (a card is refunded to the card). */
  method: z
    .enum(
      paymentMethods.filter((method) => method !== "card") as [PaymentMethod, ...PaymentMethod[]],
      { error: "Choose how the money was returned" },
    )
    .optional(),
  reference: optionalText("Reference", 255, "Reference must be at most 255 characters"),
  reason: optionalText("Reason", 500, "Reason must be at most 500 characters"),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** Who a reminder was emailed to. */
export const reminderSentSchema = z.object({ sentTo: z.array(z.string()) });
export type ReminderSent = z.infer<typeof reminderSentSchema>;

/** The back office's invoice filters. */
export const invoiceFilterSchema = z.object({
  status: z.enum(invoiceStatuses, { error: "Not an invoice status" }).optional(),
  companyId: z.uuid({ error: "Not a client id" }).optional(),
  overdue: z
    .enum(["true", "false"], { error: "overdue is true or false" })
    .optional()
    .transform((value) => value === "true"),
  page: wholeNumber("Page", 1, INTEGER_MAX).default(1),
  pageSize: wholeNumber("Page size", 1, 100).default(25),
});
export type InvoiceFilter = z.input<typeof invoiceFilterSchema>;

/**
 * The back office's invoices list, a page at a time (`total`: how many match the filters), with
 * this month's revenue and what is owed.
 */
export const invoiceListSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  revenueThisMonthCents: z.number().int(),
  outstandingCents: z.number().int(),
  overdueCount: z.number().int(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;
