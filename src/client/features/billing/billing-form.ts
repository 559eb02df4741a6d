import { z } from "@shared/schemas/zod";
import { type Billing, billingInputSchema } from "@shared/schemas/billing";
import { centsToDollars, toDateInput } from "@/components/format";
import { checkedBy, dateField, optional, wholeNumberText } from "@/lib/form-schema";

const billingRules = billingInputSchema.shape;

/** Billing, with the monthly cost typed in dollars and sent in cents. */
export const billingFormSchema = z
  .object({
    plan: billingRules.plan,
    monthlyCost: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in dollars, such as 24.99")
      .transform((dollars) => Math.round(Number(dollars) * 100)),
    nextBillingDate: dateField(billingRules.nextBillingDate),
    cardBrand: billingRules.cardBrand,
    cardLast4: z.string().transform(optional).transform(checkedBy(billingRules.cardLast4)),
    cardExpMonth: wholeNumberText
      .transform(optional)
      .transform(checkedBy(billingRules.cardExpMonth)),
    cardExpYear: wholeNumberText.transform(optional).transform(checkedBy(billingRules.cardExpYear)),
  })
  .transform(({ monthlyCost, ...rest }) => ({ ...rest, monthlyCostCents: monthlyCost }));
type BillingFormValues = z.input<typeof billingFormSchema>;

export function billingFormValues(billing: Billing | null): BillingFormValues {
  const card = billing?.paymentMethod;
  return {
    plan: billing?.plan ?? "",
    monthlyCost: billing ? centsToDollars(billing.monthlyCostCents) : "",
    nextBillingDate: toDateInput(billing?.nextBillingDate ?? null),
    cardBrand: card?.brand ?? "",
    cardLast4: card?.last4 ?? "",
    cardExpMonth: card?.expMonth ? String(card.expMonth) : "",
    cardExpYear: card?.expYear ? String(card.expYear) : "",
  };
}
