import type { PricingPlan } from "@content/pricing";

/*
 * Prices as staff type them and as the pricing catalogue writes them, turned into integer cents
 * by reading the digits: no floating point, so "0.29" is 29 cents and never 28.999...
 */

/** The most dollars a price field takes: $10,000,000.00 (the shared schema's limit). */
const MAX_CENTS = 1_000_000_000;

/**
 * A dollar amount typed in a field as integer cents: "2000" -> 200000, "$2,499.5" -> 249950,
 * "0.29" -> 29. Commas, a leading "$" and spaces are allowed; more than two decimals, a minus
 * sign, or anything else is not, and gives null. So does an amount above $10,000,000.
 */
export function dollarsToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? "";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  if (whole.length > 9) return null;
  const cents = Number(whole || "0") * 100 + Number(fraction);
  return cents <= MAX_CENTS ? cents : null;
}

/** Cents as the text of a dollar field: 200000 -> "2000", 249950 -> "2499.50". */
export function centsToDollarText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/**
 * The first figure of a catalogue price, in cents: "$2,000 - $4,000" -> 200000,
 * "$40 - $400+" -> 4000, "$12,000+" -> 1200000. Null when the text has no dollar figure.
 */
export function parseCataloguePrice(price: string): number | null {
  const figure = /\$\s*(\d[\d,]*(?:\.\d{1,2})?)/.exec(price);
  return figure?.[1] ? dollarsToCents(figure[1]) : null;
}

/** A line as the editor keeps it: the price as the text typed. */
export interface LineDraft {
  /** A stable key for React while lines are added and removed. */
  key: string;
  description: string;
  detail: string;
  planId: string | null;
  billing: "one-off" | "monthly";
  quantity: string;
  price: string;
}

let nextKey = 0;
export const lineKey = () => `line-${++nextKey}`;

/**
 * A line from the catalogue: "<plan name>: <example type>", the example's pages as its detail,
 * monthly when the plan is billed per month, priced at the example's first figure.
 */
export function catalogueLine(plan: PricingPlan, exampleIndex: number): LineDraft {
  const example = plan.examples[exampleIndex];
  if (!example) throw new RangeError(`no example ${exampleIndex} in ${plan.id}`);
  const cents = parseCataloguePrice(example.price) ?? 0;
  return {
    key: lineKey(),
    description: `${plan.name}: ${example.type}`,
    detail: example.pages,
    planId: plan.id,
    billing: plan.period === "/mo" ? "monthly" : "one-off",
    quantity: "1",
    price: centsToDollarText(cents),
  };
}

/** A whole quantity typed in a field, or null: "3" -> 3, "2.5" or "" -> null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}
