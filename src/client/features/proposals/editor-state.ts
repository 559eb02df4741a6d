import { lineTotals, splitPaymentPlan } from "@shared/payment-plan";
import {
  proposalDraftSchema,
  type ProposalDraftInput,
  type ProposalVersion,
} from "@shared/schemas/proposals";
import { centsToDollarText, dollarsToCents, parseQuantity } from "@/components/money";
import { lineKey, type LineDraft } from "./money";

/** The editor's fields as typed: prices and quantities as text. */
export interface EditorState {
  title: string;
  scope: string;
  lines: LineDraft[];
  validUntil: string;
}

/** The YYYY-MM-DD `days` after `from`, in the reader's calendar. */
export function dateAhead(days: number, from = new Date()): string {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** A blank free line: one-off, quantity 1. */
export const freeLine = (): LineDraft => ({
  key: lineKey(),
  description: "",
  detail: "",
  planId: null,
  billing: "one-off",
  quantity: "1",
  price: "",
});

/** A new proposal: no lines yet, valid for 30 days. */
export const emptyEditor = (now = new Date()): EditorState => ({
  title: "",
  scope: "",
  lines: [],
  validUntil: dateAhead(30, now),
});

/** The editor filled from a saved version (a draft to edit, or a sent one to start over from). */
export function editorFrom(version: ProposalVersion): EditorState {
  return {
    title: version.title,
    scope: version.scope,
    validUntil: version.validUntil.slice(0, 10),
    lines: version.lines.map((line) => ({
      key: lineKey(),
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
export function liveTotals(lines: LineDraft[]) {
  const totals = lineTotals(
    lines.map((line) => ({
      billing: line.billing,
      quantity: parseQuantity(line.quantity) ?? 0,
      unitPriceCents: dollarsToCents(line.price) ?? 0,
    })),
  );
  return { ...totals, ...splitPaymentPlan(totals.oneOffCents) };
}

/** One line's amount in cents, or null while its price or quantity cannot be read. */
export function lineAmount(line: LineDraft): number | null {
  const quantity = parseQuantity(line.quantity);
  const cents = dollarsToCents(line.price);
  return quantity === null || cents === null ? null : quantity * cents;
}

/** The field errors by path: "title", "lines", "lines.0.price", ... */
export type EditorErrors = Record<string, string>;

/**
 * The draft to send, checked as the server checks it, or the errors by field. A price must read
 * as dollars and cents, and a quantity as a whole number.
 */
export function toDraft(
  state: EditorState,
): { draft: ProposalDraftInput; errors?: undefined } | { draft?: undefined; errors: EditorErrors } {
  const errors: EditorErrors = {};
  const lines = state.lines.map((line, index) => {
    const unitPriceCents = dollarsToCents(line.price);
    const quantity = parseQuantity(line.quantity);
    if (unitPriceCents === null) {
      errors[`lines.${index}.price`] = line.price.trim()
        ? "Enter a price in dollars, such as 2,000 or 49.99"
        : "Enter a price (0 for free)";
    }
    if (quantity === null || quantity < 1) {
      errors[`lines.${index}.quantity`] = "Quantity must be a whole number from 1 to 1,000";
    }
    return {
      description: line.description,
      detail: line.detail,
      planId: line.planId ?? undefined,
      billing: line.billing,
      quantity: quantity ?? 0,
      unitPriceCents: unitPriceCents ?? 0,
    };
  });
  const draft: ProposalDraftInput = {
    title: state.title,
    scope: state.scope,
    lines,
    validUntil: state.validUntil,
  };
  const checked = proposalDraftSchema.safeParse(draft);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = issue.path.map(String).join(".");
      const key = path.replace(/\.unitPriceCents$/, ".price");
      errors[key] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { draft };
}
