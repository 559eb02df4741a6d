import { z } from "./zod";
import { oneLine, requiredText, visible, visibleMessage } from "./fields";
import { domainName } from "./domains";

export { dashboardStats, isLive, type DashboardStats } from "../website-figures";

export const websiteStatuses = ["active", "building", "paused", "cancelled"] as const;

/** Whether a site's check keyword must be on the checked page or must not be. */
export const keywordMustBeValues = ["present", "absent"] as const;
export type KeywordMustBe = (typeof keywordMustBeValues)[number];

/**
 * A client's website, as the portal and the back office read it. Every figure is measured:
 * visitors by the analytics script, uptime by the monitor, bandwidth as the host reports it.
 */
export const websiteSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  plan: z.string(),
  status: z.string(),
  /** The address the monitor checks (null: https://<domain>/). */
  checkUrl: z.string().nullable(),
  /** A text the checked page must contain, or must not (checkKeywordMustBe); null: none. */
  checkKeyword: z.string().nullable(),
  checkKeywordMustBe: z.enum(keywordMustBeValues),
  /** Names the site in its analytics script tag. */
  siteKey: z.string(),
  /** Staff count clicks on links to other sites as the goal "Outbound link". */
  trackOutboundLinks: z.boolean(),
  /** Staff count clicks on files (PDF, ZIP, ...) as the goal "File download". */
  trackFileDownloads: z.boolean(),
  /** Staff turned real-user speed on: the tag carries data-vitals and loads /js/hl-vitals.js. */
  vitalsEnabled: z.boolean(),
  /** Unique visitors of the last 30 days. */
  monthlyVisitors: z.number().int(),
  /** Uptime of the last 30 days, in percent; null when the site is not live or not checked yet. */
  uptimePercent: z.number().nullable(),
  /** Up, down, or unknown (not checked yet); null when the site is not live. */
  health: z.enum(["up", "down", "unknown"]).nullable(),
  /** Bytes served this calendar month (UTC), as the host reported them. */
  bandwidthBytes: z.number().int(),
  createdAt: z.string(),
});
export type Website = z.infer<typeof websiteSchema>;

/** An http(s) address for the monitor to check instead of https://<domain>/; empty or null: none. */
export const checkUrlField = oneLine("Check address")
  .trim()
  .max(2048, "Check address must be at most 2048 characters")
  .refine(visible, visibleMessage("Check address"))
  .refine(
    (value) => value === "" || /^https?:\/\/[^\s/?#]+/i.test(value),
    "Check address must be an http:// or https:// address",
  )
  // The form sends what it parsed: null for an emptied field.
  .nullable()
  .optional()
  .transform((value) => value || null);

/**
 * A text the monitor looks for on the checked page (case matters); empty or null: none, and the
 * check judges by the status alone.
 */
export const checkKeywordField = oneLine("Keyword")
  .trim()
  .max(200, "Keyword must be at most 200 characters")
  .refine(visible, visibleMessage("Keyword"))
  // The form sends what it parsed: null for an emptied field.
  .nullable()
  .optional()
  .transform((value) => value || null);

/** Staff add or change a client's website. */
export const websiteInputSchema = z.object({
  domain: domainName,
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  status: z.enum(websiteStatuses, { error: "Choose a status" }),
  checkUrl: checkUrlField,
  checkKeyword: checkKeywordField,
  checkKeywordMustBe: z
    .enum(keywordMustBeValues, { error: "Choose whether the page must or must not contain it" })
    .default("present"),
  /** Left out: unchanged (off for a new site). */
  trackOutboundLinks: z.boolean({ error: "trackOutboundLinks must be true or false" }).optional(),
  trackFileDownloads: z.boolean({ error: "trackFileDownloads must be true or false" }).optional(),
});
export type WebsiteInput = z.output<typeof websiteInputSchema>;
