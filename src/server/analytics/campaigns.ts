import { plainText } from "@shared/schemas/fields";

/**
 * Campaigns: the landing address's utm_source, utm_medium and utm_campaign, which /js/hl.js
 * reads from the page's query and sends beside the address (it never sends the rest of the
 * query). They are kept on the page view; the referring site stands in for a missing
 * utm_source when the site page counts sources (websites/audience.ts).
 */

/** The longest UTM value kept (page_views.utm_*). */
export const MAX_UTM = 100;

const utmField = (name: string) =>
  plainText(name, `${name} must be text`)
    .max(MAX_UTM, { error: `${name} must be at most ${MAX_UTM} characters` })
    .refine((value) => !/[\r\n]/.test(value), `${name} must be on one line`)
    .optional();

/** The page view's optional UTM fields, named as in the query they come from. */
export const utmFields = {
  utm_source: utmField("utm_source"),
  utm_medium: utmField("utm_medium"),
  utm_campaign: utmField("utm_campaign"),
};

type UtmInput = { utm_source?: string; utm_medium?: string; utm_campaign?: string };
export type Campaign = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

const kept = (value: string | undefined) => value?.trim() || null;

/** What a page view keeps of its UTM fields: trimmed, and null for a blank one. */
export const campaignOf = (event: UtmInput): Campaign => ({
  utmSource: kept(event.utm_source),
  utmMedium: kept(event.utm_medium),
  utmCampaign: kept(event.utm_campaign),
});
