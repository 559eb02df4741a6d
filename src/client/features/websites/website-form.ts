import { z } from "@shared/schemas/zod";
import {
  type KeywordMustBe,
  type Website,
  websiteInputSchema,
  websiteStatuses,
} from "@shared/schemas/websites";

const website = websiteInputSchema.shape;

/** The back office's website form: its text fields, checked by the shared schema. */
export const websiteFormSchema = z.object({
  domain: website.domain,
  plan: website.plan,
  status: website.status,
  checkUrl: website.checkUrl,
  checkKeyword: website.checkKeyword,
  checkKeywordMustBe: website.checkKeywordMustBe,
  trackOutboundLinks: website.trackOutboundLinks,
  trackFileDownloads: website.trackFileDownloads,
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
    trackOutboundLinks: site?.trackOutboundLinks ?? false,
    trackFileDownloads: site?.trackFileDownloads ?? false,
  };
}

/** The keyword rule's choices, as the form offers them. */
export const keywordRuleOptions: { value: KeywordMustBe; label: string }[] = [
  { value: "present", label: "Page must contain it" },
  { value: "absent", label: "Page must not contain it" },
];

/**
 * What the monitor checks, in a line: its address, and the keyword rule if any
 * ('https://example.com/ · must not contain "Database error"').
 */
export function checkSummary(site: Website): string {
  const address = site.checkUrl ?? `https://${site.domain}/`;
  if (!site.checkKeyword) return address;
  const rule = site.checkKeywordMustBe === "absent" ? "must not contain" : "must contain";
  return `${address} · ${rule} "${site.checkKeyword}"`;
}
