import { z } from "./zod";

/** What the client portal's screens read: the signed-in client's own rows. */
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

export const domainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  autoRenew: z.boolean(),
  expiresAt: z.string().nullable(),
  /** Expires within 30 days (and has not yet expired). */
  expiringSoon: z.boolean(),
});

export const domainUpdateSchema = z.object({
  autoRenew: z.boolean({ error: "Auto-renew must be true or false" }),
});

export const billingSchema = z.object({
  plan: z.string(),
  monthlyCostCents: z.number().int(),
  nextBillingDate: z.string().nullable(),
  /** Display details only: never a full card number. */
  paymentMethod: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable(),
});

export type Website = z.infer<typeof websiteSchema>;
export type Domain = z.infer<typeof domainSchema>;
export type Billing = z.infer<typeof billingSchema>;

export const EXPIRING_SOON_DAYS = 30;

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
