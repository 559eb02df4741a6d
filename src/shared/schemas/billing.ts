import { z } from "./zod";
import { INTEGER_MAX, optionalDate, optionalText, requiredText, wholeNumber } from "./fields";

/** A client's plan and payment method, as the Billing tab and the back office read them. */
export const billingSchema = z.object({
  plan: z.string(),
  monthlyCostCents: z.number().int(),
  nextBillingDate: z.string().nullable(),
  /** Display details only: never a full card number. */
  paymentMethod: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

/** Staff set a client's plan and payment-method display details. */
export const billingInputSchema = z.object({
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  monthlyCostCents: wholeNumber("Monthly cost in cents", 0, INTEGER_MAX),
  nextBillingDate: optionalDate(),
  cardBrand: optionalText("Card brand", 40, "Card brand is too long"),
  cardLast4: z
    .string({ error: "Only the last four digits, never a full card number" })
    .regex(/^\d{4}$/, "Only the last four digits, never a full card number")
    .optional(),
  cardExpMonth: wholeNumber("Card expiry month", 1, 12).optional(),
  cardExpYear: wholeNumber("Card expiry year", 2000, 2100).optional(),
});
export type BillingInput = z.output<typeof billingInputSchema>;
