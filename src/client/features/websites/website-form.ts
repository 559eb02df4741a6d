import { z } from "@shared/schemas/zod";
import { type Website, websiteInputSchema, websiteStatuses } from "@shared/schemas/websites";
import { checkedBy, decimalText, wholeNumberText } from "@/lib/form-schema";

const website = websiteInputSchema.shape;

/** The back office's website form: its text fields, checked by the shared schema. */
export const websiteFormSchema = z.object({
  domain: website.domain,
  plan: website.plan,
  status: website.status,
  monthlyVisitors: wholeNumberText.transform(checkedBy(website.monthlyVisitors)),
  uptimePercent: decimalText.transform(checkedBy(website.uptimePercent)),
  bandwidthGb: decimalText.transform(checkedBy(website.bandwidthGb)),
});
type WebsiteFormValues = z.input<typeof websiteFormSchema>;

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
