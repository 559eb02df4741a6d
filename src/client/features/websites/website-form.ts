import { z } from "@shared/schemas/zod";
import { type Website, websiteInputSchema, websiteStatuses } from "@shared/schemas/websites";

const website = websiteInputSchema.shape;

/** The back office's website form: its text fields, checked by the shared schema. */
export const websiteFormSchema = z.object({
  domain: website.domain,
  plan: website.plan,
  status: website.status,
  checkUrl: website.checkUrl,
  checkKeyword: website.checkKeyword,
  checkKeywordMustBe: website.checkKeywordMustBe,
});
type WebsiteFormValues = z.input<typeof websiteFormSchema>;

export function websiteFormValues(site?: Website): WebsiteFormValues {
  return {
    domain: site?.domain ?? "",
    plan: site?.plan ?? "",
    status: websiteStatuses.find((status) => status === site?.status) ?? "active",
    checkUrl: site?.checkUrl ?? "",
    checkKeyword: site?.checkKeyword ?? "",
    checkKeywordMustBe: site?.checkKeywordMustBe ?? "present",
  };
}
