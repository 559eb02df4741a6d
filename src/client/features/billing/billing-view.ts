import { pricingPlans } from "@content/pricing";
import type {
  CardOnFile,
  InvoiceSummary,
  Payment,
  PlanRequest,
  RecurringPlan,
} from "@shared/schemas/billing";

/*
 * What the Billing tab and the back office work out from the API's answers (the forms are in
 * billing-forms.ts).
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
