import { z } from "./zod";

/**
 * Where a site's visitors come from and what they do there, as its page shows it: sources,
 * campaigns (UTM tags of the landing address), goals with their conversion rates, countries.
 * Part of GET /api/websites/:id/health (site-health.ts).
 */

/** The longest goal name the tag may send (`hl(name)`). */
export const MAX_GOAL_NAME = 60;

/** The goals /js/hl.js reports by itself when staff turned them on for the site. */
export const AUTOMATIC_GOALS = {
  outbound: "Outbound link",
  download: "File download",
} as const;

/**
 * Visitors who reached a goal out of the visitors counted, in percent with one decimal
 * (0 when there were none).
 */
export const conversionRate = (reached: number, visitors: number) =>
  visitors > 0 ? Math.round((reached / visitors) * 1000) / 10 : 0;

/** Of a row's visitors, those who reached one goal, and their share. */
export const siteConversionSchema = z.object({
  goal: z.string(),
  visitors: z.number().int(),
  /** Percent of the row's visitors, one decimal. */
  rate: z.number(),
});

/** A source: the landing address's utm_source, else the referring site; null: direct or none. */
export const siteSourceSchema = z.object({
  source: z.string().nullable(),
  visitors: z.number().int(),
  /** One entry per goal of `goals` that these visitors reached. */
  conversions: z.array(siteConversionSchema),
});
export type SiteSource = z.infer<typeof siteSourceSchema>;

/** A campaign: the landing address's UTM tags (any may be missing). */
export const siteCampaignSchema = z.object({
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  visitors: z.number().int(),
  conversions: z.array(siteConversionSchema),
});
export type SiteCampaign = z.infer<typeof siteCampaignSchema>;

export const siteGoalSchema = z.object({
  name: z.string(),
  /** Unique visitors who reached it (a visitor counts once a day). */
  visitors: z.number().int(),
  /** Every time it was reached. */
  completions: z.number().int(),
  /** Percent of all the range's visitors, one decimal. */
  rate: z.number(),
});
export type SiteGoal = z.infer<typeof siteGoalSchema>;

/** Visitors by country (ISO 3166 code); null: not known (a private address, say). */
export const siteCountrySchema = z.object({
  country: z.string().nullable(),
  visitors: z.number().int(),
});

/** The fields site-health adds for these panels. */
export const siteAudienceFields = {
  /** The 10 sources that sent the most visitors (by the page a visitor landed on each day). */
  sources: z.array(siteSourceSchema),
  /** The 10 campaigns that sent the most visitors; visits with no UTM tag are not here. */
  campaigns: z.array(siteCampaignSchema),
  /** The 10 goals reached by the most visitors. */
  goals: z.array(siteGoalSchema),
  /** The 10 countries with the most visitors. */
  countries: z.array(siteCountrySchema),
};
export type SiteAudience = z.infer<z.ZodObject<typeof siteAudienceFields>>;
