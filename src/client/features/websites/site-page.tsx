import { lazy, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import {
  Activity,
  ArrowLeft,
  BarChart3,
  CalendarClock,
  Code2,
  Eye,
  Globe,
  HardDrive,
  Link2,
  Monitor,
  Smartphone,
  Tablet,
  Users,
} from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { isLive } from "@shared/website-figures";
import { defaultSiteRange } from "@shared/site-range";
import { DomainName } from "@/components/domain-name";
import {
  daysUntil,
  expiresInText,
  formatBytes,
  formatCalendarDate,
  formatNumber,
  titleCase,
} from "@/components/format";
import { HeroBackdrop } from "@/components/page-hero";
import { LoadError, Pill, type Tone } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useSiteHealth } from "./api";
import { TrackingSnippet } from "./tracking-code";
import { VisitButton } from "./visit-button";
import { RangePicker, rangeText } from "./range-picker";
import { ChartFigure, dayLabel, NoData, Section, SimpleTable } from "./site-parts";
import { UptimeSection } from "./site-uptime";
import { type Stat, StatTiles } from "./stat-cards";
import { uptimeText } from "./uptime-text";

// uPlot and its CSS come with this chunk, fetched only here, after the page's text is shown.
const VisitorsChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.VisitorsChart })),
);
const BandwidthChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.BandwidthChart })),
);

const statusTones: Record<string, Tone> = {
  active: "green",
  building: "blue",
  paused: "amber",
  cancelled: "neutral",
};

const monthName = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** The four figures' places while the website's figures are on their way. */
function FiguresLoading() {
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

function SiteStats({ health }: { health: SiteHealth }) {
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

const noVisits = "No visits recorded yet. Figures appear once the tracking code is on the site.";

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

function Expiry({
  label,
  expiresAt,
  now,
  missing,
  extra,
}: {
  label: string;
  expiresAt: string | null | undefined;
  now: number;
  missing: string;
  extra?: string;
}) {
  const days = expiresAt ? daysUntil(expiresAt, now) : null;
  const soon = days !== null && days < 30;
  return (
    <div
      className={cn(
        "rounded-xl border p-4",
        soon ? "border-amber-300 bg-amber-50" : "border-border bg-paper",
      )}
    >
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      {expiresAt && days !== null ? (
        <>
          <dd
            className={cn(
              "mt-1 text-lg font-semibold",
              soon ? "text-amber-900" : "text-foreground",
            )}
          >
            {expiresInText(days)}
          </dd>
          <dd className="text-sm text-muted-foreground">
            {formatCalendarDate(expiresAt)}
            {extra && ` · ${extra}`}
          </dd>
        </>
      ) : (
        <dd className="mt-1 text-sm text-muted-foreground">{missing}</dd>
      )}
    </div>
  );
}

function TrackingCode({ siteKey }: { siteKey: string }) {
  return (
    <Section
      id="tracking-heading"
      title="Tracking code"
      icon={Code2}
      description="We add this line to your site. It sets no cookies and keeps no personal data."
    >
      <TrackingSnippet siteKey={siteKey} />
    </Section>
  );
}

function Header({ health, bell }: { health?: SiteHealth; bell?: ReactNode }) {
  const site = health?.website;
  const status = health?.uptime.status;
  return (
    <section className="theme-dark relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="container-page relative pt-8 pb-24 sm:pt-10 sm:pb-28">
        <div className="flex items-center justify-between gap-4">
          <Link
            href="/dashboard"
            className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-ink-300 transition-colors hover:text-ink-50"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            My Websites
          </Link>
          {bell}
        </div>
        <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gold-500 text-ink-950 sm:size-16">
              <Globe className="size-7" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h1 className="text-3xl font-semibold tracking-tight break-words text-ink-50 sm:text-4xl">
                {site ? <DomainName domain={site.domain} /> : "Your website"}
              </h1>
              {site && (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="inline-flex items-center rounded-full border border-gold-500/50 bg-gold-500/15 px-2.5 py-0.5 text-xs font-semibold text-gold-200">
                    {site.plan}
                  </span>
                  <Pill tone={statusTones[site.status] ?? "neutral"} dot>
                    {titleCase(site.status)}
                  </Pill>
                  {status && (
                    <Pill tone={status === "up" ? "green" : status === "down" ? "red" : "neutral"}>
                      {status === "up" ? "Online" : status === "down" ? "Down" : "Checking..."}
                    </Pill>
                  )}
                </div>
              )}
            </div>
          </div>
          {site && <VisitButton site={site} className="self-start sm:self-auto" />}
        </div>
      </div>
    </section>
  );
}

function Body({ health, onRange }: { health: SiteHealth; onRange: (range: string) => void }) {
  const [now] = useState(() => Date.now());
  const { website, days, bandwidth } = health;
  const span = `${dayLabel(health.from)} to ${dayLabel(health.to)}`;
  const range = rangeText(health.range);
  const anyVisits = days.some((d) => d.pageViews > 0);
  const busiest = days.reduce((best, d) => (d.visitors > best.visitors ? d : best), days[0]!);
  const anyBandwidth = bandwidth.months.some((m) => m.bytes > 0);
  const biggestMonth = bandwidth.months.reduce((a, b) => (b.bytes > a.bytes ? b : a));

  return (
    <div className="mt-8 grid gap-5 sm:mt-10 sm:gap-6">
      <RangePicker value={health.range} onChange={onRange} />
      <Section
        id="visitors-heading"
        title="Visitors and page views"
        icon={Users}
        description={`${range.charAt(0).toUpperCase()}${range.slice(1)}, ${span} (UTC)`}
      >
        {anyVisits ? (
          <ChartFigure
            height={240}
            summary={`Line chart of ${range}: ${formatNumber(health.visitors)} visitors and ${formatNumber(health.pageViews)} page views in all; the busiest day was ${dayLabel(busiest.day)} with ${formatNumber(busiest.visitors)} visitors.`}
            chart={<VisitorsChart days={days} />}
            tableLabel="Visitors and page views per day, as a table"
            table={
              <SimpleTable
                caption="Visitors and page views per day"
                head={["Day", "Visitors", "Page views"]}
                rows={days.map((d) => [
                  dayLabel(d.day),
                  formatNumber(d.visitors),
                  formatNumber(d.pageViews),
                ])}
              />
            }
          />
        ) : (
          <NoData>{noVisits}</NoData>
        )}
      </Section>

      <div className="grid gap-5 sm:gap-6 lg:grid-cols-3">
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
        <Section id="devices-heading" title="Devices" icon={Smartphone} description="By visitors">
          <Devices devices={health.devices} />
        </Section>
      </div>

      <UptimeSection health={health} now={now} range={range} />

      <div className="grid gap-5 sm:gap-6 lg:grid-cols-5">
        <Section
          id="renewals-heading"
          title="Certificate and domain"
          icon={CalendarClock}
          description="We renew both for you; here is when they run out."
          className="lg:col-span-2"
        >
          <dl className="grid gap-3">
            <Expiry
              label="SSL certificate"
              expiresAt={health.certificateExpiresAt}
              now={now}
              missing="Not seen yet: we read it at the first secure check."
            />
            <Expiry
              label="Domain name"
              expiresAt={health.domain?.expiresAt}
              now={now}
              missing={health.domain ? "No expiry date on record." : "Not registered through us."}
              extra={
                health.domain
                  ? health.domain.autoRenew
                    ? "Auto-renew on"
                    : "Auto-renew off"
                  : undefined
              }
            />
          </dl>
        </Section>
        <Section
          id="bandwidth-heading"
          title="Bandwidth"
          icon={HardDrive}
          description={`${formatBytes(bandwidth.thisMonthBytes)} so far this month`}
          className="lg:col-span-3"
        >
          {anyBandwidth ? (
            <ChartFigure
              height={200}
              summary={`Bar chart of bandwidth per month over the last 12 months: ${formatBytes(bandwidth.thisMonthBytes)} this month; the most was ${formatBytes(biggestMonth.bytes)} in ${monthLabel(biggestMonth.month)}.`}
              chart={<BandwidthChart months={bandwidth.months} format={formatBytes} />}
              tableLabel="Bandwidth per month, as a table"
              table={
                <SimpleTable
                  caption="Bandwidth per month"
                  head={["Month", "Bandwidth"]}
                  rows={bandwidth.months.map((m) => [monthLabel(m.month), formatBytes(m.bytes)])}
                />
              }
            />
          ) : (
            <NoData>No bandwidth reported yet.</NoData>
          )}
        </Section>
      </div>

      <TrackingCode siteKey={website.siteKey} />
    </div>
  );
}

/** A website's page: its visitors, uptime, renewals and bandwidth, measured. */
export function SitePageView({ websiteId, bell }: { websiteId: string; bell?: ReactNode }) {
  const [range, setRange] = useState<string>(defaultSiteRange);
  const { data: health, isPending, error, refetch } = useSiteHealth(websiteId, range);
  useEffect(() => {
    if (health) document.title = `${health.website.domain} · My Websites · Harborline`;
  }, [health]);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);

  return (
    <>
      <Header health={health} bell={bell} />
      <div className="container-page relative -mt-16 pb-20 sm:-mt-20 sm:pb-28">
        {health ? (
          <>
            <SiteStats health={health} />
            <Body health={health} onRange={setRange} />
          </>
        ) : isPending ? (
          <FiguresLoading />
        ) : missing ? (
          <div className="rounded-2xl border border-border bg-card p-8 text-center">
            <h2 className="text-xl font-semibold">Website not found</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              This website is not one of yours, or it was removed.
            </p>
            <Button asChild className="mt-5">
              <Link href="/dashboard">Back to My Websites</Link>
            </Button>
          </div>
        ) : (
          <LoadError what="this website's figures" onRetry={() => void refetch()} />
        )}
      </div>
    </>
  );
}
