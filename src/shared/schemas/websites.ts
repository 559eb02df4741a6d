import { z } from "./zod";
import { oneLine, requiredText, visible, visibleMessage } from "./fields";
import { domainName } from "./domains";

export { dashboardStats, isLive, type DashboardStats } from "../website-figures";

export const websiteStatuses = ["active", "building", "paused", "cancelled"] as const;

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
  /** Names the site in its analytics script tag. */
  siteKey: z.string(),
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

/** Staff add or change a client's website. */
export const websiteInputSchema = z.object({
  domain: domainName,
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  status: z.enum(websiteStatuses, { error: "Choose a status" }),
  checkUrl: checkUrlField,
});
export type WebsiteInput = z.output<typeof websiteInputSchema>;
