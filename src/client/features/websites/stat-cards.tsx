import { Activity, Globe, HardDrive, Users, type LucideIcon } from "lucide-react";
import { dashboardStats } from "@shared/website-figures";
import { formatBytes, formatNumber, formatPercent } from "@shared/format";
import { useWebsites } from "./api";

export interface Stat {
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
}

/** A row of figure tiles: two across on a phone, four (or `wide`: two) on a wide screen. */
export function StatTiles({
  items,
  busy,
  wide = false,
}: {
  items: Stat[];
  busy?: boolean;
  wide?: boolean;
}) {
  return (
    <dl
      className={`grid grid-cols-2 gap-3 sm:gap-5 ${wide ? "" : "lg:grid-cols-4"}`}
      aria-busy={busy || undefined}
    >
      {items.map(({ icon: Icon, label, value, note }) => (
        <div
          key={label}
          className="flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_18px_40px_-24px_rgb(0_0_0/0.35)] sm:p-6"
        >
          <dt className="flex items-start justify-between gap-3 text-sm font-medium text-muted-foreground">
            {label}
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400 sm:inline-flex">
              <Icon className="size-5" aria-hidden="true" />
            </span>
          </dt>
          <dd className="mt-2 font-display text-2xl font-semibold tracking-tight text-foreground tabular-nums sm:text-3xl">
            {value}
          </dd>
          {note && <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

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
