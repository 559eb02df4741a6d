import { Activity, Globe, HardDrive, Users } from "lucide-react";
import { dashboardStats } from "@shared/website-figures";
import { formatBytes, formatNumber, formatPercent } from "@shared/format";
import { type Stat, StatTiles } from "@/components/stat-tiles";
import { useWebsites } from "./api";

/** The four stat cards, from the client's websites (dashboardStats); dashes until they load. */
export function StatCards() {
  const { data: websites } = useWebsites();
  const stats = websites ? dashboardStats(websites) : undefined;
  const pending = "—";
  const items: Stat[] = [
    {
      icon: Globe,
      label: "Active Websites",
      value: stats ? formatNumber(stats.activeWebsites) : pending,
      note: websites ? `${formatNumber(websites.length)} in total` : "",
    },
    {
      icon: Users,
      label: "Total Visitors",
      value: stats ? formatNumber(stats.totalVisitors) : pending,
      note: "Last 30 days, all sites",
    },
    {
      icon: Activity,
      label: "Avg. Uptime",
      value: stats?.averageUptime != null ? formatPercent(stats.averageUptime) : pending,
      note: "Last 30 days, live sites",
    },
    {
      icon: HardDrive,
      label: "Bandwidth Used",
      value: stats ? formatBytes(stats.bandwidthBytes) : pending,
      note: "This month, all sites",
    },
  ];

  return <StatTiles items={items} busy={!stats} />;
}
