import type { PricingPlan } from "@content/pricing";
import { centsToDollarText, parseCataloguePrice } from "@/components/money";

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
