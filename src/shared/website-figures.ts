/*
 * The portal's figures of a client's websites. Plain code, apart from the schemas: the
 * dashboard's first load uses it without fetching zod (docs/performance.md).
 */

/**
 * Whether the site is live: the monitor checks it, and the portal shows its uptime and a Visit
 * button. Building and Paused sites show "Not live yet".
 */
export const isLive = (status: string) => status === "active";

export type DashboardStats = {
  activeWebsites: number;
  totalVisitors: number;
  /** Average 30-day uptime of the live websites that have been checked, or null when none has. */
  averageUptime: number | null;
  bandwidthBytes: number;
};

/** What the stat cards read of a website. */
interface MeasuredWebsite {
  status: string;
  uptimePercent: number | null;
  monthlyVisitors: number;
  bandwidthBytes: number;
}

/** The four stat cards, computed from the client's websites. */
export function dashboardStats(websites: MeasuredWebsite[]): DashboardStats {
  const measured = websites.flatMap((site) =>
    isLive(site.status) && site.uptimePercent !== null ? [site.uptimePercent] : [],
  );
  return {
    activeWebsites: websites.filter((site) => isLive(site.status)).length,
    totalVisitors: websites.reduce((sum, site) => sum + site.monthlyVisitors, 0),
    averageUptime:
      measured.length === 0
        ? null
        : Math.round((measured.reduce((sum, uptime) => sum + uptime, 0) / measured.length) * 100) /
          100,
    bandwidthBytes: websites.reduce((sum, site) => sum + site.bandwidthBytes, 0),
  };
}
