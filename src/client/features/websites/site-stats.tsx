import { Activity, Eye, HardDrive, Users } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { isLive } from "@shared/website-figures";
import { formatBytes, formatNumber } from "@shared/format";
import { type Stat, StatTiles } from "@/components/stat-tiles";
import { uptimeText } from "./uptime-text";

/** The four figures' places while the website's figures are on their way. */
export function FiguresLoading() {
  return (
    <div
      data-loading=""
      role="status"
      className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4"
      aria-label="Loading your website's figures..."
    >
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-28 animate-pulse rounded-2xl border border-border bg-card" />
      ))}
    </div>
  );
}

/** The four figures over the page: visitors, page views, uptime, bandwidth. */
export function SiteStats({ health }: { health: SiteHealth }) {
  const { website } = health;
  const tiles: Stat[] = [
    {
      icon: Users,
      label: "Visitors",
      value: formatNumber(website.monthlyVisitors),
      note: "Unique, last 30 days",
    },
    {
      icon: Eye,
      label: "Page views",
      value: formatNumber(health.pageViews),
      note: "Last 30 days",
    },
    {
      icon: Activity,
      label: "Uptime",
      value: uptimeText(website),
      note: isLive(website.status) ? "Last 30 days" : "Checks start at launch",
    },
    {
      icon: HardDrive,
      label: "Bandwidth",
      value: formatBytes(health.bandwidth.thisMonthBytes),
      note: "This month",
    },
  ];
  return <StatTiles items={tiles} />;
}
