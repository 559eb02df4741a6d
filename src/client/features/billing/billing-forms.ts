import {
  newInvoiceSchema,
  planRequestApprovalSchema,
  planRequestInputSchema,
  recordPaymentSchema,
  recurringPlanInputSchema,
  refundInputSchema,
  paymentMethodLabels,
  paymentMethods,
  type Payment,
  type PaymentMethod,
  type RecurringPlan,
} from "@shared/schemas/billing";
import { blankLineItem, lineItemAmount, type LineItem } from "@/components/line-items-editor";
import { centsToDollarText } from "@/components/money";
import { payloadSchema, readCents, readWholeNumber } from "@/lib/form-schema";

/*
 * The billing forms: what their fields hold (text), how they start, and their schemas, which
 * turn the text into the API's payload and check it with the shared schema, so the messages
 * are the server's. A message is on the form's field ("amount", "lines.0.price"), whatever the
 * API calls it.
 */

/** Today as YYYY-MM-DD in the reader's calendar (a payment's date, a plan's start). */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

const quantityMessage = "Quantity must be a whole number from 1 to 1,000";

/* A manual invoice. */

export interface InvoiceFormValues {
  companyId: string;
  lines: LineItem[];
  dueDate: string;
  memo: string;
}

export const emptyInvoiceForm = (companyId = ""): InvoiceFormValues => ({
  companyId,
  lines: [blankLineItem()],
  dueDate: "",
  memo: "",
});

/** What the lines typed so far come to before tax; a line not yet readable counts as 0. */
export const invoiceSubtotal = (lines: LineItem[]) =>
  lines.reduce((sum, line) => sum + (lineItemAmount(line) ?? 0), 0);

/** The invoice to create; whether it is issued now is the button's call. */
export const invoiceFormSchema = payloadSchema(
  newInvoiceSchema,
  (values: InvoiceFormValues, refuse) => ({
    companyId: values.companyId,
    lines: values.lines.map((line, index) => ({
      description: line.description,
      quantity: readWholeNumber(line.quantity, `lines.${index}.quantity`, refuse, {
        message: quantityMessage,
      }),
      unitPriceCents: readCents(line.price, `lines.${index}.price`, refuse),
    })),
    dueDate: values.dueDate || undefined,
    memo: values.memo.trim() || undefined,
  }),
  { unitPriceCents: "price" },
);

/* A payment staff record. */

/** The ways money comes or goes back by hand: a card's goes through Stripe. */
export const offlineMethods = paymentMethods
  .filter((method) => method !== "card")
  .map((method) => ({ value: method, label: paymentMethodLabels[method] }));

export interface PaymentFormValues {
  amount: string;
  paidOn: string;
  method: PaymentMethod | "";
  reference: string;
}

export const paymentForm = (balanceCents: number, now = new Date()): PaymentFormValues => ({
  amount: balanceCents > 0 ? centsToDollarText(balanceCents) : "",
  paidOn: today(now),
  method: "",
  reference: "",
});

export const paymentFormSchema = payloadSchema(
  recordPaymentSchema,
  (values: PaymentFormValues, refuse) => ({
    amountCents: readCents(values.amount, "amount", refuse, { minCents: 1 }),
    paidOn: values.paidOn,
    // No choice yet (""): the schema refuses it with its own words.
    method: values.method as PaymentMethod,
    reference: values.reference.trim() || undefined,
  }),
  { amountCents: "amount" },
);

/* A refund staff make of one payment. */

export interface RefundFormValues {
  paymentId: string;
  amount: string;
  method: PaymentMethod | "";
  reference: string;
  reason: string;
}

export const refundForm = (paymentId = "", cents = 0): RefundFormValues => ({
  paymentId,
  amount: cents > 0 ? centsToDollarText(cents) : "",
  method: "",
  reference: "",
  reason: "",
});

/**
 * A refund of one of the invoice's `payments`. A card payment goes back to the card: its form
 * asks no method or reference.
 */
export const refundFormSchema = (payments: Pick<Payment, "id" | "method">[]) =>
  payloadSchema(
    refundInputSchema,
    (values: RefundFormValues, refuse) => {
      const byCard = payments.find((payment) => payment.id === values.paymentId)?.method === "card";
      if (!byCard && !values.method) refuse("method", "Choose how the money was returned");
      return {
        paymentId: values.paymentId,
        amountCents: readCents(values.amount, "amount", refuse, { minCents: 1 }),
        ...(byCard
          ? {}
          : {
              method: values.method || undefined,
              reference: values.reference.trim() || undefined,
            }),
        reason: values.reason.trim() || undefined,
      };
    },
    { amountCents: "amount" },
  );

/* A monthly plan staff add or change. */

export interface PlanFormValues {
  name: string;
  amount: string;
  billingDay: string;
  startsOn: string;
}

export function planForm(plan?: RecurringPlan, now = new Date()): PlanFormValues {
  return plan
    ? {
        name: plan.name,
        amount: centsToDollarText(plan.amountCents),
        billingDay: String(plan.billingDay),
        startsOn: plan.startsOn,
      }
    : {
        name: "",
        amount: "",
        billingDay: String(Math.min(now.getDate(), 28)),
        startsOn: today(now),
      };
}

export const planFormSchema = payloadSchema(
  recurringPlanInputSchema,
  (values: PlanFormValues, refuse) => ({
    name: values.name,
    amountCents: readCents(values.amount, "amount", refuse),
    billingDay: readWholeNumber(values.billingDay, "billingDay", refuse, {
      message: "Billing day must be a whole number from 1 to 28",
    }),
    startsOn: values.startsOn,
  }),
  { amountCents: "amount" },
);

/* A plan request approved at the monthly price typed. */

export const approvalFormSchema = payloadSchema(
  planRequestApprovalSchema,
  (values: { amount: string }, refuse) => ({
    amountCents: readCents(values.amount, "amount", refuse),
  }),
  { amountCents: "amount" },
);

/* A client's Upgrade Plan request. */

/** The "Instead of" choice that replaces none of the client's plans: the new one goes beside. */
export const addBeside = "add";

export interface PlanRequestFormValues {
  requestedPlan: string;
  /** The id of the plan it replaces, or addBeside. */
  replaces: string;
  note: string;
}

export const planRequestFormSchema = payloadSchema(
  planRequestInputSchema,
  (values: PlanRequestFormValues, refuse) => {
    if (!values.requestedPlan) refuse("requestedPlan", "Choose the plan you would like");
    return {
      requestedPlan: values.requestedPlan,
      planId: values.replaces === addBeside ? undefined : values.replaces,
      note: values.note.trim() || undefined,
    };
  },
  { planId: "replaces" },
);
