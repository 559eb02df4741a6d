import type { ReactNode } from "react";
import { BarChart3, Link2, Monitor, Smartphone, Tablet } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { formatNumber } from "@shared/format";
import { NoData, noVisits, Section } from "./site-parts";

/** Ranked rows with a bar behind each, as a list a screen reader reads in order. */
function RankList({
  label,
  rows,
  unit,
}: {
  label: string;
  rows: { name: ReactNode; key: string; value: number }[];
  unit: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ol aria-label={label} className="space-y-1.5">
      {rows.map((row) => (
        <li key={row.key} className="relative overflow-hidden rounded-md">
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 rounded-md bg-gold-100"
            style={{ width: `${(row.value / max) * 100}%` }}
          />
          <span className="relative flex items-center justify-between gap-3 px-2.5 py-1.5 text-sm">
            <span className="min-w-0 truncate text-foreground">{row.name}</span>
            <span className="shrink-0 font-medium text-foreground tabular-nums">
              {formatNumber(row.value)}
              <span className="sr-only"> {unit}</span>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Devices({ devices }: { devices: SiteHealth["devices"] }) {
  const total = devices.mobile + devices.tablet + devices.desktop;
  if (total === 0) return <NoData>{noVisits}</NoData>;
  const rows = [
    { key: "mobile", label: "Phones", icon: Smartphone, value: devices.mobile },
    { key: "desktop", label: "Computers", icon: Monitor, value: devices.desktop },
    { key: "tablet", label: "Tablets", icon: Tablet, value: devices.tablet },
  ];
  return (
    <ul className="space-y-4">
      {rows.map(({ key, label, icon: Icon, value }) => {
        const share = Math.round((value / total) * 100);
        return (
          <li key={key}>
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="flex items-center gap-2 text-foreground">
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {label}
              </span>
              <span className="font-medium tabular-nums">
                {share}%{" "}
                <span className="font-normal text-muted-foreground">
                  ({formatNumber(value)} visitors)
                </span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-gold-500" style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The 10 most viewed pages of the range. */
export function TopPagesSection({ health }: { health: Pick<SiteHealth, "topPages"> }) {
  return (
    <Section id="pages-heading" title="Top pages" icon={BarChart3} description="By page views">
      {health.topPages.length ? (
        <RankList
          label="Top pages"
          unit="page views"
          rows={health.topPages.map((p) => ({ key: p.path, name: p.path, value: p.views }))}
        />
      ) : (
        <NoData>No page views yet.</NoData>
      )}
    </Section>
  );
}

/** The 10 referrers that sent the most visitors, direct visits among them. */
export function ReferrersSection({ health }: { health: Pick<SiteHealth, "topReferrers"> }) {
  return (
    <Section
      id="referrers-heading"
      title="Where visitors come from"
      icon={Link2}
      description="By visitors"
    >
      {health.topReferrers.length ? (
        <RankList
          label="Top referrers"
          unit="visitors"
          rows={health.topReferrers.map((r) => ({
            key: r.host ?? "",
            name: r.host ?? <span className="text-muted-foreground">Direct / none</span>,
            value: r.visitors,
          }))}
        />
      ) : (
        <NoData>No visits recorded yet.</NoData>
      )}
    </Section>
  );
}

/** Unique visitors on phones, computers and tablets. */
export function DevicesSection({ health }: { health: Pick<SiteHealth, "devices"> }) {
  return (
    <Section id="devices-heading" title="Devices" icon={Smartphone} description="By visitors">
      <Devices devices={health.devices} />
    </Section>
  );
}

/** What visitors read, where they came from, and on what: three panels side by side. */
export function AudienceSections({ health }: { health: SiteHealth }) {
  return (
    <div className="grid gap-5 sm:gap-6 lg:grid-cols-3">
      <TopPagesSection health={health} />
      <ReferrersSection health={health} />
      <DevicesSection health={health} />
    </div>
  );
}
