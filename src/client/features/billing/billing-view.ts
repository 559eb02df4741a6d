import { pricingPlans } from "@content/pricing";
import { lineAmount } from "@shared/invoice-math";
import {
  newInvoiceSchema,
  planRequestApprovalSchema,
  recordPaymentSchema,
  recurringPlanInputSchema,
  refundInputSchema,
  type CardOnFile,
  type InvoiceSummary,
  type NewInvoiceInput,
  type Payment,
  type PaymentMethod,
  type PlanRequest,
  type RecordPaymentInput,
  type RecurringPlan,
  type RecurringPlanInput,
  type RefundInput,
} from "@shared/schemas/billing";
import type { z } from "@shared/schemas/zod";
import { formatCents } from "@/components/format";
import { centsToDollarText, dollarsToCents, parseQuantity } from "@/components/money";
import { ApiError } from "@/lib/api";

/*
 * What the Billing tab and the back office work out from the API's answers, and the forms' typed
 * values turned into the API's payloads (checked with the shared schemas, so the messages are the
 * server's).
 */

/** An invoice the client can pay now: open, with something still owed. */
export const owes = (invoice: Pick<InvoiceSummary, "status" | "balanceCents">) =>
  invoice.status === "open" && invoice.balanceCents > 0;

/** An invoice's name: its number, or "Draft" before it is issued. */
export const invoiceName = (invoice: Pick<InvoiceSummary, "number">) => invoice.number ?? "Draft";

/** "08/2028", or null when the provider gave no expiry. */
export function cardExpiry(card: CardOnFile): string | null {
  if (!card.expMonth || !card.expYear) return null;
  return `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;
}

/** What a row of the payments list is: money in, money given back, or a card that failed. */
export function paymentKind(payment: Pick<Payment, "kind" | "status">) {
  if (payment.status === "failed") return "failed" as const;
  return payment.kind;
}

export const paymentKindLabels = {
  payment: "Payment",
  refund: "Refund",
  failed: "Failed payment",
} as const;

/** A monthly plan the client can ask for: an example of the catalogue's hosting or maintenance. */
export interface PlanChoice {
  /** What the request names: "Business Hosting". */
  name: string;
  /** The catalogue plan it belongs to: "Premium Hosting". */
  family: string;
  /** Its size: "4-10 sites". */
  detail: string;
  /** "$120 - $240/mo". */
  price: string;
}

export const planChoices: PlanChoice[] = pricingPlans
  .filter((plan) => plan.period === "/mo")
  .flatMap((plan) =>
    plan.examples.map((example) => ({
      name: example.type,
      family: plan.name,
      detail: example.pages,
      price: `${example.price}${plan.period ?? ""}`,
    })),
  );

/** "Requested: Business Hosting, waiting for our team" and what it replaces. */
export function planRequestText(request: Pick<PlanRequest, "requestedPlan" | "currentPlan">) {
  return request.currentPlan
    ? `Requested: ${request.requestedPlan} instead of ${request.currentPlan}, waiting for our team`
    : `Requested: ${request.requestedPlan}, waiting for our team`;
}

/** The plans a client pays for now, then the ones that ended. */
export const activePlans = (plans: RecurringPlan[]) =>
  plans.filter((plan) => plan.status === "active");

/** Today as YYYY-MM-DD in the reader's calendar (a payment's date, a plan's start). */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/*
 * The forms. Each keeps what the fields hold (text) and turns it into the payload; errors are by
 * the form's field names ("amount", "lines.0.price"), whatever the API calls them.
 */

export type FieldErrors = Record<string, string>;
export type Checked<T> =
  { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors };

/** Runs a shared schema, its messages by field, with the API's names renamed to the form's. */
function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rename: Record<string, string> = {},
  errors: FieldErrors = {},
): Checked<z.input<S>> {
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join(".");
      const key = Object.entries(rename).reduce(
        (name, [from, to]) => name.replace(new RegExp(`(^|\\.)${from}$`), `$1${to}`),
        path,
      );
      errors[key] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { data: input as z.input<S> };
}

/** The server's field errors (400), by the form's names; undefined when it gave none. */
export function serverFieldErrors(
  error: unknown,
  rename: Record<string, string> = {},
): FieldErrors | undefined {
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [
      Object.entries(rename).reduce(
        (name, [from, to]) => name.replace(new RegExp(`(^|\\.)${from}$`), `$1${to}`),
        path,
      ),
      message,
    ]),
  );
}

/**
 * A dollar field's cents, with a message in dollars when it does not read as an amount from
 * `minCents` to $10,000,000 (the shared schemas count in cents, and say so).
 */
function cents(text: string, field: string, errors: FieldErrors, minCents = 0): number {
  const value = dollarsToCents(text);
  if (value === null) {
    errors[field] = !text.trim()
      ? "Enter an amount"
      : /^\$?\s*[\d,]+(\.\d{0,2})?$/.test(text.trim())
        ? "Enter an amount of at most $10,000,000"
        : "Enter an amount in dollars, such as 1,200 or 24.99";
  } else if (value < minCents) {
    errors[field] = `Enter an amount of at least ${formatCents(minCents)}`;
  }
  return value ?? -1;
}

/* A manual invoice. */

export interface InvoiceLineDraft {
  key: string;
  description: string;
  quantity: string;
  price: string;
}

export interface InvoiceFormState {
  companyId: string;
  lines: InvoiceLineDraft[];
  dueDate: string;
  memo: string;
}

let nextLine = 0;
export const blankLine = (): InvoiceLineDraft => ({
  key: `invoice-line-${++nextLine}`,
  description: "",
  quantity: "1",
  price: "",
});

export const emptyInvoiceForm = (companyId = ""): InvoiceFormState => ({
  companyId,
  lines: [blankLine()],
  dueDate: "",
  memo: "",
});

/** A line's amount in cents, or null while its quantity or price cannot be read. */
export function draftLineAmount(line: InvoiceLineDraft): number | null {
  const quantity = parseQuantity(line.quantity);
  const unitPriceCents = dollarsToCents(line.price);
  return quantity === null || unitPriceCents === null
    ? null
    : lineAmount({ quantity, unitPriceCents });
}

/** What the lines typed so far come to before tax; a line not yet readable counts as 0. */
export const draftSubtotal = (lines: InvoiceLineDraft[]) =>
  lines.reduce((sum, line) => sum + (draftLineAmount(line) ?? 0), 0);

export function toNewInvoice(state: InvoiceFormState, issue: boolean): Checked<NewInvoiceInput> {
  const errors: FieldErrors = {};
  const lines = state.lines.map((line, index) => {
    const quantity = parseQuantity(line.quantity);
    if (quantity === null) {
      errors[`lines.${index}.quantity`] = "Quantity must be a whole number from 1 to 1,000";
    }
    return {
      description: line.description,
      quantity: quantity ?? 1,
      unitPriceCents: cents(line.price, `lines.${index}.price`, errors),
    };
  });
  const input: NewInvoiceInput = {
    companyId: state.companyId,
    lines,
    dueDate: state.dueDate || undefined,
    memo: state.memo.trim() || undefined,
    issue,
  };
  return check(newInvoiceSchema, input, { unitPriceCents: "price" }, errors);
}

/* A payment staff record. */

export interface PaymentFormState {
  amount: string;
  paidOn: string;
  method: PaymentMethod | "";
  reference: string;
}

export const paymentForm = (balanceCents: number, now = new Date()): PaymentFormState => ({
  amount: balanceCents > 0 ? centsToDollarText(balanceCents) : "",
  paidOn: today(now),
  method: "",
  reference: "",
});

export function toPayment(state: PaymentFormState): Checked<RecordPaymentInput> {
  const errors: FieldErrors = {};
  const input = {
    amountCents: cents(state.amount, "amount", errors, 1),
    paidOn: state.paidOn,
    method: state.method || undefined,
    reference: state.reference.trim() || undefined,
  };
  return check(recordPaymentSchema, input, { amountCents: "amount" }, errors);
}

/* A refund staff make of one payment. */

export interface RefundFormState {
  paymentId: string;
  amount: string;
  method: PaymentMethod | "";
  reference: string;
  reason: string;
}

export const refundForm = (paymentId = "", cents = 0): RefundFormState => ({
  paymentId,
  amount: cents > 0 ? centsToDollarText(cents) : "",
  method: "",
  reference: "",
  reason: "",
});

/** Card payments go back to the card: their form asks no method or reference. */
export function toRefund(state: RefundFormState, byCard: boolean): Checked<RefundInput> {
  const errors: FieldErrors = {};
  if (!byCard && !state.method) errors.method = "Choose how the money was returned";
  const input = {
    paymentId: state.paymentId,
    amountCents: cents(state.amount, "amount", errors, 1),
    ...(byCard
      ? {}
      : { method: state.method || undefined, reference: state.reference.trim() || undefined }),
    reason: state.reason.trim() || undefined,
  };
  return check(refundInputSchema, input, { amountCents: "amount" }, errors);
}

/* A monthly plan staff add or change. */

export interface PlanFormState {
  name: string;
  amount: string;
  billingDay: string;
  startsOn: string;
}

export function planForm(plan?: RecurringPlan, now = new Date()): PlanFormState {
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

export function toPlan(state: PlanFormState): Checked<RecurringPlanInput> {
  const errors: FieldErrors = {};
  const day = parseQuantity(state.billingDay);
  if (day === null) errors.billingDay = "Billing day must be a whole number from 1 to 28";
  const input = {
    name: state.name,
    amountCents: cents(state.amount, "amount", errors),
    billingDay: day ?? 1,
    startsOn: state.startsOn,
  };
  return check(recurringPlanInputSchema, input, { amountCents: "amount" }, errors);
}

/** A plan request approved at the monthly price typed. */
export function toApproval(amount: string): Checked<{ amountCents: number }> {
  const errors: FieldErrors = {};
  const input = { amountCents: cents(amount, "amount", errors) };
  return check(planRequestApprovalSchema, input, { amountCents: "amount" }, errors) as Checked<
    typeof input
  >;
}
