import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import {
  Activity,
  ArrowLeft,
  BarChart3,
  CalendarClock,
  Check,
  Code2,
  Copy,
  Eye,
  Globe,
  HardDrive,
  Link2,
  Monitor,
  ShieldCheck,
  Smartphone,
  Tablet,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { SiteHealth, SiteIncident } from "@shared/schemas/site-health";
import { isLive } from "@shared/website-figures";
import { DomainName } from "@/components/domain-name";
import {
  daysUntil,
  expiresInText,
  formatBytes,
  formatCalendarDate,
  formatDateTime,
  formatNumber,
  timeAgo,
  titleCase,
} from "@/components/format";
import { HeroBackdrop } from "@/components/page-hero";
import { LoadError, Pill, type Tone } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useSiteHealth } from "./api";
import { VisitButton } from "./visit-button";
import { type Stat, StatTiles } from "./stat-cards";
import { uptimeText } from "./uptime-text";

// uPlot and its CSS come with this chunk, fetched only here, after the page's text is shown.
const VisitorsChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.VisitorsChart })),
);
const UptimeChart = lazy(() => import("./site-charts").then((m) => ({ default: m.UptimeChart })));
const BandwidthChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.BandwidthChart })),
);

const statusTones: Record<string, Tone> = {
  active: "green",
  building: "blue",
  paused: "amber",
  cancelled: "neutral",
};

const causeLabels: Record<string, string> = {
  timeout: "Timed out",
  dns: "Address not found (DNS)",
  tls: "Certificate problem",
  http: "Server error",
  refused: "Connection refused",
  error: "Could not connect",
};

const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const monthName = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** 45 -> "45 sec", 480 -> "8 min", 3900 -> "1 hr 5 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} sec`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? `${hours} hr ${rest} min` : `${hours} hr`;
  return `${Math.floor(hours / 24)} days`;
}

/** A white panel with a heading, used for each part of the page. */
function Section({
  id,
  title,
  icon: Icon,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "min-w-0 rounded-2xl border border-border bg-card p-5 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_18px_40px_-28px_rgb(0_0_0/0.3)] sm:p-6",
        className,
      )}
    >
      <div className="mb-4 flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-400">
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={id} className="font-sans text-lg leading-tight font-semibold text-foreground">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * A chart's place while uPlot is on its way, at the chart's own height so nothing moves after.
 * data-loading: what waits for idle waits for it (lib/use-idle).
 */
function ChartLoading({ height }: { height: number }) {
  return <div data-loading="" className="animate-pulse rounded-lg bg-muted" style={{ height }} />;
}

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

/** A chart with its summary for screen readers, and the same figures as a table on request. */
function ChartFigure({
  summary,
  chart,
  table,
  tableLabel,
  height,
}: {
  summary: string;
  tableLabel: string;
  chart: ReactNode;
  table: ReactNode;
  height: number;
}) {
  return (
    <figure aria-label={summary} className="m-0">
      <div aria-hidden="true">
        <Suspense fallback={<ChartLoading height={height} />}>{chart}</Suspense>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="group mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-accent hover:underline">
          Show as table
        </summary>
        {/* Focusable, so a keyboard can scroll it. */}
        <div
          role="region"
          aria-label={tableLabel}
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-border"
        >
          {table}
        </div>
      </details>
    </figure>
  );
}

function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-muted">
        <tr>
          {head.map((cell, i) => (
            <th
              key={cell}
              scope="col"
              className={cn("px-3 py-2 font-medium text-foreground", i > 0 && "text-right")}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-t border-border">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-3 py-1.5 font-normal text-foreground">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-3 py-1.5 text-right text-muted-foreground">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
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

function NoData({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border bg-muted/50 px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
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

function IncidentList({ incidents }: { incidents: SiteIncident[] }) {
  if (incidents.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        No incidents in the last 30 days.
      </p>
    );
  }
  return (
    <ul aria-label="Incidents" className="divide-y divide-border rounded-xl border border-border">
      {incidents.map((incident) => (
        <li
          key={incident.startedAt}
          className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium text-foreground">
              {causeLabels[incident.cause] ?? titleCase(incident.cause)}
              {incident.detail && (
                <span className="font-normal text-muted-foreground"> · {incident.detail}</span>
              )}
            </p>
            <p className="text-muted-foreground">
              <time dateTime={incident.startedAt}>{formatDateTime(incident.startedAt)}</time>
            </p>
          </div>
          {incident.endedAt === null ? (
            <Pill tone="red" dot>
              Ongoing · {durationText(incident.durationSeconds)}
            </Pill>
          ) : (
            <span className="text-muted-foreground tabular-nums">
              Down {durationText(incident.durationSeconds)}
            </span>
          )}
        </li>
      ))}
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
  const [copied, setCopied] = useState(false);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const code = `<script defer data-site="${siteKey}" src="${origin}/js/hl.js"></script>`;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Section
      id="tracking-heading"
      title="Tracking code"
      icon={Code2}
      description="We add this line to your site. It sets no cookies and keeps no personal data."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <pre className="min-w-0 flex-1 rounded-lg break-all whitespace-pre-wrap bg-ink-950 px-4 py-3 text-xs leading-relaxed text-ink-50">
          <code>{code}</code>
        </pre>
        <Button
          variant="outline"
          className="shrink-0"
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> the tracking code</span>
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "Tracking code copied" : ""}
      </p>
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

function Body({ health }: { health: SiteHealth }) {
  const [now] = useState(() => Date.now());
  const { website, days, uptime, bandwidth } = health;
  const live = isLive(website.status);
  const range = `${dayLabel(health.from)} to ${dayLabel(health.to)}`;
  const anyVisits = days.some((d) => d.pageViews > 0);
  const checked = days.filter((d) => d.uptimePercent !== null);
  const incidentDays = new Set(
    uptime.incidents.flatMap((i) => {
      const start = i.startedAt.slice(0, 10);
      return start >= health.from ? [start] : [];
    }),
  );
  const busiest = days.reduce((best, d) => (d.visitors > best.visitors ? d : best), days[0]!);
  const anyBandwidth = bandwidth.months.some((m) => m.bytes > 0);
  const biggestMonth = bandwidth.months.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const lowest = checked.reduce<(typeof days)[number] | undefined>(
    (low, d) => (low && low.uptimePercent! <= d.uptimePercent! ? low : d),
    undefined,
  );

  return (
    <div className="mt-8 grid gap-5 sm:mt-10 sm:gap-6">
      <Section
        id="visitors-heading"
        title="Visitors and page views"
        icon={Users}
        description={`Last 30 days, ${range} (UTC)`}
      >
        {anyVisits ? (
          <ChartFigure
            height={240}
            summary={`Line chart of the last 30 days: ${formatNumber(website.monthlyVisitors)} visitors and ${formatNumber(health.pageViews)} page views in all; the busiest day was ${dayLabel(busiest.day)} with ${formatNumber(busiest.visitors)} visitors.`}
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

      <Section
        id="uptime-heading"
        title="Uptime and incidents"
        icon={Activity}
        description={
          live
            ? uptime.lastCheckedAt
              ? `Checked every minute. Last check ${timeAgo(uptime.lastCheckedAt, now)}${uptime.lastResponseMs === null ? "" : `, answered in ${uptime.lastResponseMs} ms`}.`
              : "Checked every minute once live."
            : "Not live yet: we start checking it the day it launches."
        }
      >
        {live && uptime.percent !== null && (
          <p className="mb-4 text-sm text-foreground">
            <span className="font-display text-2xl font-semibold tabular-nums">
              {uptime.percent}%
            </span>{" "}
            <span className="text-muted-foreground">up over the last 30 days</span>
          </p>
        )}
        {checked.length ? (
          <ChartFigure
            height={180}
            summary={`Bar chart of uptime per day over the last 30 days: ${checked.length} days checked, ${uptime.percent ?? "no"}${uptime.percent === null ? "" : "%"} uptime overall${lowest ? `; lowest ${lowest.uptimePercent}% on ${dayLabel(lowest.day)}` : ""}; ${uptime.incidents.length} ${uptime.incidents.length === 1 ? "incident" : "incidents"}.`}
            chart={<UptimeChart days={days} incidentDays={incidentDays} />}
            tableLabel="Uptime per day, as a table"
            table={
              <SimpleTable
                caption="Uptime and average response time per day"
                head={["Day", "Uptime", "Avg. response"]}
                rows={days.map((d) => [
                  dayLabel(d.day),
                  d.uptimePercent === null ? "Not checked" : `${d.uptimePercent}%`,
                  d.responseMs === null ? "-" : `${d.responseMs} ms`,
                ])}
              />
            }
          />
        ) : (
          <NoData>
            {live ? "No checks recorded yet." : "No checks yet: uptime is measured once live."}
          </NoData>
        )}
        <h3 className="mt-6 mb-3 font-sans text-sm font-semibold text-foreground">
          Incidents in the last 30 days
        </h3>
        <IncidentList incidents={uptime.incidents} />
      </Section>

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
  const { data: health, isPending, error, refetch } = useSiteHealth(websiteId);
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
            <Body health={health} />
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
