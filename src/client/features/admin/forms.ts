import { z } from "@shared/schemas/zod";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { type Billing, billingInputSchema } from "@shared/schemas/billing";
import { type Domain, domainInputSchema } from "@shared/schemas/domains";
import { type Website, websiteInputSchema } from "@shared/schemas/websites";
import { errorBody, errorMessage } from "./api";
import { centsToDollars, toDateInput } from "./format";

/*
 * The back office's forms hold what the fields hold (text, a checkbox). Each form schema turns
 * that into the API's payload and then runs the shared schema, so the rules and messages are the
 * ones the server applies.
 */

/** Runs a shared schema on the form's converted values, keeping its messages and field paths. */
function checkedBy<T extends z.ZodType>(schema: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}

const wholeNumber = z.string().trim().regex(/^\d*$/, "Enter a whole number, such as 1200");
const decimal = z
  .string()
  .trim()
  .regex(/^\d*(\.\d+)?$/, "Enter a number, such as 99.95");
const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());

export const websiteStatuses = websiteInputSchema.shape.status.options;
const website = websiteInputSchema.shape;
const domainRules = domainInputSchema.shape;
const billingRules = billingInputSchema.shape;

export const websiteFormSchema = z.object({
  domain: website.domain,
  plan: website.plan,
  status: website.status,
  monthlyVisitors: wholeNumber.transform(checkedBy(website.monthlyVisitors)),
  uptimePercent: decimal.transform(checkedBy(website.uptimePercent)),
  bandwidthGb: decimal.transform(checkedBy(website.bandwidthGb)),
});
export type WebsiteFormValues = z.input<typeof websiteFormSchema>;

export function websiteFormValues(site?: Website): WebsiteFormValues {
  return {
    domain: site?.domain ?? "",
    plan: site?.plan ?? "",
    status: websiteStatuses.find((status) => status === site?.status) ?? "active",
    monthlyVisitors: String(site?.monthlyVisitors ?? 0),
    uptimePercent: String(site?.uptimePercent ?? 100),
    bandwidthGb: String(site?.bandwidthGb ?? 0),
  };
}

/** An empty date field means "no date". */
const dateField = (rule: z.ZodType) =>
  z
    .string()
    .transform((value) => value || null)
    .transform(checkedBy(rule));

export const domainFormSchema = z.object({
  domain: domainRules.domain,
  autoRenew: z.boolean(),
  expiresAt: dateField(domainRules.expiresAt),
});
export type DomainFormValues = z.input<typeof domainFormSchema>;

export function domainFormValues(domain?: Domain): DomainFormValues {
  return {
    domain: domain?.domain ?? "",
    autoRenew: domain?.autoRenew ?? true,
    expiresAt: toDateInput(domain?.expiresAt ?? null),
  };
}

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
    cardExpMonth: wholeNumber.transform(optional).transform(checkedBy(billingRules.cardExpMonth)),
    cardExpYear: wholeNumber.transform(optional).transform(checkedBy(billingRules.cardExpYear)),
  })
  .transform(({ monthlyCost, ...rest }) => ({ ...rest, monthlyCostCents: monthlyCost }));
export type BillingFormValues = z.input<typeof billingFormSchema>;

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

/**
 * Puts the server's field errors (400 { errors }) on the form's fields; anything else becomes
 * the form's own error. `rename` maps an API field to the form field that holds it.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Record<string, string> = {},
) {
  const errors = errorBody(error).errors ?? {};
  let placed = false;
  for (const [key, message] of Object.entries(errors)) {
    const field = rename[key] ?? key;
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) setError("root.server" as Path<T>, { type: "server", message: errorMessage(error) });
}
