import { z } from "./zod";
import { decimalNumber, INTEGER_MAX, requiredText, wholeNumber } from "./fields";
import { domainName } from "./domains";

export const websiteStatuses = ["active", "building", "paused", "cancelled"] as const;

/** A client's website, as the portal and the back office read it. */
export const websiteSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  plan: z.string(),
  status: z.string(),
  monthlyVisitors: z.number().int(),
  uptimePercent: z.number(),
  bandwidthGb: z.number(),
  createdAt: z.string(),
});
export type Website = z.infer<typeof websiteSchema>;

/** Staff add or change a client's website. */
export const websiteInputSchema = z.object({
  domain: domainName,
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  status: z.enum(websiteStatuses, { error: "Choose a status" }),
  monthlyVisitors: wholeNumber("Monthly visitors", 0, INTEGER_MAX).default(0),
  uptimePercent: decimalNumber("Uptime", 0, 100).default(100),
  // numeric(10, 2): eight digits before the point.
  bandwidthGb: decimalNumber("Bandwidth", 0, 99_999_999.99).default(0),
});
export type WebsiteInput = z.output<typeof websiteInputSchema>;

export type DashboardStats = {
  activeWebsites: number;
  totalVisitors: number;
  /** Average uptime of active websites, or null when there is none. */
  averageUptime: number | null;
  bandwidthGb: number;
};

/** The four stat cards, computed from the client's website rows. */
export function dashboardStats(websites: Website[]): DashboardStats {
  const active = websites.filter((site) => site.status === "active");
  return {
    activeWebsites: active.length,
    totalVisitors: websites.reduce((sum, site) => sum + site.monthlyVisitors, 0),
    averageUptime:
      active.length === 0
        ? null
        : Math.round((active.reduce((sum, s) => sum + s.uptimePercent, 0) / active.length) * 100) /
          100,
    bandwidthGb: Math.round(websites.reduce((sum, site) => sum + site.bandwidthGb, 0) * 100) / 100,
  };
}
