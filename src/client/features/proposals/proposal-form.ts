import { lineTotals, splitPaymentPlan } from "@shared/payment-plan";
import { proposalDraftSchema, type ProposalVersion } from "@shared/schemas/proposals";
import type { LineItem } from "@/components/line-items-editor";
import { centsToDollarText, dollarsToCents, parseQuantity } from "@/components/money";
import { payloadSchema, readCents, readWholeNumber, type AmountWords } from "@/lib/form-schema";

/** The proposal form's fields as typed: prices and quantities as text. */
export interface ProposalFormValues {
  title: string;
  scope: string;
  lines: LineItem[];
  validUntil: string;
}

/** The YYYY-MM-DD `days` after `from`, in the reader's calendar. */
export function dateAhead(days: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** A new proposal: no lines yet, valid for 30 days. */
export const emptyProposalForm = (now = new Date()): ProposalFormValues => ({
  title: "",
  scope: "",
  lines: [],
  validUntil: dateAhead(30, now),
});

/** The form filled from a saved version (a draft to edit, or a sent one to start over from). */
export function proposalFormValues(version: ProposalVersion): ProposalFormValues {
  return {
    title: version.title,
    scope: version.scope,
    validUntil: version.validUntil.slice(0, 10),
    lines: version.lines.map((line) => ({
      description: line.description,
      detail: line.detail ?? "",
      planId: line.planId,
      billing: line.billing,
      quantity: String(line.quantity),
      price: centsToDollarText(line.unitPriceCents),
    })),
  };
}

/** The live totals of what is typed; a price or quantity not (yet) readable counts as 0. */
export function liveTotals(lines: LineItem[]) {
  const totals = lineTotals(
    lines.map((line) => ({
      billing: line.billing,
      quantity: parseQuantity(line.quantity) ?? 0,
      unitPriceCents: dollarsToCents(line.price) ?? 0,
    })),
  );
  return { ...totals, ...splitPaymentPlan(totals.oneOffCents) };
}

const priceWords: AmountWords = {
  empty: "Enter a price (0 for free)",
  unreadable: "Enter a price in dollars, such as 2,000 or 49.99",
  tooMuch: "Enter a price in dollars, such as 2,000 or 49.99",
};

/**
 * The draft to save, checked as the server checks it: a price must read as dollars and cents,
 * and a quantity as a whole number.
 */
export const proposalFormSchema = payloadSchema(
  proposalDraftSchema,
  (values: ProposalFormValues, refuse) => ({
    title: values.title,
    scope: values.scope,
    validUntil: values.validUntil,
    lines: values.lines.map((line, index) => ({
      description: line.description,
      detail: line.detail,
      planId: line.planId ?? undefined,
      billing: line.billing,
      quantity: readWholeNumber(line.quantity, `lines.${index}.quantity`, refuse, {
        message: "Quantity must be a whole number from 1 to 1,000",
        min: 1,
      }),
      unitPriceCents: readCents(line.price, `lines.${index}.price`, refuse, { words: priceWords }),
    })),
  }),
  { unitPriceCents: "price" },
);
