import { z } from "@shared/schemas/zod";
import { type Domain, domainInputSchema } from "@shared/schemas/domains";
import { toDateInput } from "@shared/format";
import { dateField } from "@/lib/form-schema";

const domainRules = domainInputSchema.shape;

/** The back office's domain form: its fields, checked by the shared schema. */
export const domainFormSchema = z.object({
  domain: domainRules.domain,
  autoRenew: z.boolean(),
  expiresAt: dateField(domainRules.expiresAt),
});
type DomainFormValues = z.input<typeof domainFormSchema>;

export function domainFormValues(domain?: Domain): DomainFormValues {
  return {
    domain: domain?.domain ?? "",
    autoRenew: domain?.autoRenew ?? true,
    // Staff edit the date they typed (the fallback), not the one read from the registry.
    expiresAt: toDateInput(domain?.typedExpiresAt ?? null),
  };
}
