import type { ReactNode } from "react";
import {
  Activity,
  CalendarClock,
  Clock,
  FileText,
  Globe,
  Hammer,
  LifeBuoy,
  MessageSquareQuote,
  Receipt,
  Users,
} from "lucide-react";
import { brand } from "@content/site";
import { reportText } from "@shared/report-text";
import type { MonthlyReport, ReportSite } from "@shared/schemas/reports";
import { vitalNames } from "@shared/vitals";
import {
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDuration,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWorkTime,
  humanize,
} from "@shared/format";
import { HoursBar } from "@/components/hours-bar";
import { LogoMark } from "@/components/logo";
import { NoData, Section, SimpleTable } from "@/components/site-parts";
import { type Stat, StatTiles } from "@/components/stat-tiles";

/*
 * A monthly care report in HTML, section by section as its PDF draws it (server/reports/pdf.ts),
 * from the same figures: the title block, the team's note on top, then the headline figures,
 * each site, what expires, support, hours, work done and invoices.
 */

/** A headline's change: "+12% on September 2026", "Same as September 2026", "0 in ...". */
function changeOn(figure: { value: number; before: number }, monthBefore: string) {
  const before = formatMonth(monthBefore);
  if (figure.before === 0) return `${formatNumber(figure.before)} in ${before}`;
  const change = Math.round(((figure.value - figure.before) / figure.before) * 100);
  if (change === 0) return `Same as ${before}`;
  return `${change > 0 ? "+" : "−"}${Math.abs(change)}% on ${before}`;
}

/** The mean of the sites' uptimes that were measured, to two places; null when none was. */
function averageUptime(sites: ReportSite[]): number | null {
  const measured = sites.flatMap((site) =>
    site.uptimePercent === null ? [] : [site.uptimePercent],
  );
  if (measured.length === 0) return null;
  return Math.round((measured.reduce((a, b) => a + b, 0) / measured.length) * 100) / 100;
}

/** Label and value rows, two across on a wide screen. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0 border-t border-border pt-3">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {label}
          </dt>
          <dd className="mt-1 text-sm font-medium break-words text-foreground tabular-nums">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Headline({ report }: { report: MonthlyReport }) {
  const uptime = averageUptime(report.sites);
  const visitors = report.sites.reduce(
    (sum, site) => ({
      value: sum.value + site.visitors.value,
      before: sum.before + site.visitors.before,
    }),
    { value: 0, before: 0 },
  );
  const included = report.hours.plan?.includedMinutes ?? null;
  const items: Stat[] = [
    {
      icon: Activity,
      label: "Uptime",
      value: uptime === null ? "—" : formatPercent(uptime),
      note: uptime === null ? "Not checked this month" : "Maintenance left out",
    },
    {
      icon: Users,
      label: "Visitors",
      value: formatNumber(visitors.value),
      note: changeOn(visitors, report.monthBefore),
    },
    {
      icon: LifeBuoy,
      label: "Tickets resolved",
      value: formatNumber(report.tickets.resolved),
      note: `${formatNumber(report.tickets.opened)} opened`,
    },
    {
      icon: Clock,
      label: "Hours used",
      value: formatWorkTime(report.hours.usedMinutes),
      note: included === null ? "No hours in the plan" : `of ${formatWorkTime(included)} included`,
    },
  ];
  return <StatTiles items={items} wide />;
}

/** A table that may scroll sideways on a phone: a labelled region a keyboard can scroll. */
function ReportTable({
  className,
  ...table
}: { className: string } & Parameters<typeof SimpleTable>[0]) {
  return (
    <div
      role="region"
      aria-label={table.caption}
      tabIndex={0}
      className={`${className} overflow-x-auto rounded-lg border border-border`}
    >
      <SimpleTable {...table} />
    </div>
  );
}

function SiteSection({ site, report }: { site: ReportSite; report: MonthlyReport }) {
  const headingId = `report-site-${site.websiteId}`;
  return (
    <Section id={headingId} title={site.domain} icon={Globe}>
      <Facts
        rows={[
          ["Uptime", reportText.uptime(site)],
          ["Response time", reportText.responseTime(site)],
          ["Incidents", reportText.incidents(site)],
          ["Heartbeats missed", formatNumber(site.heartbeatsMissed)],
          ["Visitors", reportText.againstBefore(site.visitors, report.monthBefore)],
          ["Page views", reportText.againstBefore(site.pageViews, report.monthBefore)],
        ]}
      />
      {site.incidents.length > 0 && (
        <ReportTable
          className="mt-5"
          caption={`Incidents on ${site.domain}`}
          head={["Started", "Cause", "Down for"]}
          rows={site.incidents.map((incident) => [
            formatDate(incident.startedAt, brand.timeZone),
            incident.detail ?? humanize(incident.cause),
            formatDuration(incident.durationSeconds),
          ])}
        />
      )}
      {(site.topPages.length > 0 || site.topSources.length > 0) && (
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          {site.topPages.length > 0 && (
            <ReportTable
              className="min-w-0"
              caption={`Top pages of ${site.domain}`}
              head={["Top pages", "Views", `In ${formatMonth(report.monthBefore)}`]}
              rows={site.topPages.map((page) => [
                page.path,
                formatNumber(page.views),
                reportText.before(page.viewsBefore),
              ])}
            />
          )}
          {site.topSources.length > 0 && (
            <ReportTable
              className="min-w-0"
              caption={`Top sources of ${site.domain}`}
              head={["Top sources", "Visitors", `In ${formatMonth(report.monthBefore)}`]}
              rows={site.topSources.map((source) => [
                source.host ?? "Direct",
                formatNumber(source.visitors),
                reportText.before(source.visitorsBefore),
              ])}
            />
          )}
        </div>
      )}
      {site.goals.length > 0 && (
        <ReportTable
          className="mt-5"
          caption={`Goals on ${site.domain}, against ${formatMonth(report.monthBefore)}`}
          head={["Goal", "Conversions", `In ${formatMonth(report.monthBefore)}`, "Rate"]}
          rows={site.goals.map((goal) => [
            goal.name,
            formatNumber(goal.visitors.value),
            formatNumber(goal.visitors.before),
            formatPercent(goal.rate),
          ])}
        />
      )}
      {site.vitals.map((device) => (
        <ReportTable
          key={device.device}
          className="mt-5"
          caption={`Speed on ${reportText.device[device.device].toLowerCase()} (Core Web Vitals), p75 and good visits`}
          head={[
            `${reportText.device[device.device]}, p75`,
            formatMonth(report.month),
            "Good visits",
            formatMonth(report.monthBefore),
            "Good visits",
          ]}
          rows={device.metrics.map((figure) => [
            vitalNames[figure.metric].short,
            reportText.p75(figure.metric, figure.p75),
            reportText.good(figure.goodPercent),
            reportText.p75(figure.metric, figure.before.p75),
            reportText.good(figure.before.goodPercent),
          ])}
        />
      ))}
    </Section>
  );
}

function HoursSection({ report }: { report: MonthlyReport }) {
  const { hours } = report;
  return (
    <Section id="report-hours" title="Hours" icon={Clock}>
      {hours.plan ? (
        <HoursBar usedMinutes={hours.usedMinutes} includedMinutes={hours.plan.includedMinutes} />
      ) : (
        <p className="text-sm text-foreground">
          <span className="font-semibold tabular-nums">{formatWorkTime(hours.usedMinutes)}</span>{" "}
          used
        </p>
      )}
      {hours.entries.length > 0 && (
        <ul aria-label="Time entries" className="mt-4 divide-y divide-border text-sm">
          {hours.entries.map((entry, index) => (
            <li
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
            >
              <span className="text-muted-foreground">{formatCalendarDate(entry.workDate)}</span>
              <span className="font-medium text-foreground tabular-nums sm:order-last">
                {formatWorkTime(entry.minutes)}
              </span>
              <span className="col-span-2 break-words text-foreground sm:col-span-1">
                {entry.note}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The report as it reads, with `note` (the team's, if any) at its top. */
export function ReportView({ report, note }: { report: MonthlyReport; note: string | null }) {
  const { work, invoices } = report;
  const workDone = work.milestonesReached.length + work.updatesPosted.length > 0;
  return (
    <article aria-labelledby="report-title" className="flex min-w-0 flex-col gap-5">
      <header className="relative overflow-hidden rounded-2xl bg-ink-950 p-6 text-white sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="inline-flex items-center gap-2 text-sm font-semibold text-ink-100">
            <LogoMark size="sm" />
            {brand.name}
          </span>
          <span className="inline-flex items-center gap-1.5 text-xs text-ink-100">
            <FileText className="size-3.5" aria-hidden="true" />
            Made {formatDate(report.generatedAt, brand.timeZone)}
          </span>
        </div>
        <p className="mt-6 text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">
          Care report
        </p>
        <h2
          id="report-title"
          className="mt-1 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
        >
          {formatMonth(report.month)}
        </h2>
        <p className="mt-2 text-sm text-ink-100">
          Prepared for <span className="font-semibold text-white">{report.companyName}</span> ·{" "}
          {formatCount(report.sites.length, "website", "websites")}
        </p>
      </header>

      {note && (
        <section
          aria-labelledby="report-note"
          className="rounded-2xl border border-gold-500/40 bg-gold-50 p-5 sm:p-6"
        >
          <h2
            id="report-note"
            className="flex items-center gap-2 text-sm font-semibold text-foreground"
          >
            <MessageSquareQuote className="size-4 text-gold-800" aria-hidden="true" />A note from
            the team
          </h2>
          <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-foreground">
            {note}
          </p>
        </section>
      )}

      <Headline report={report} />

      {report.sites.length === 0 ? (
        <NoData>No websites were live this month.</NoData>
      ) : (
        report.sites.map((site) => <SiteSection key={site.websiteId} site={site} report={report} />)
      )}

      {report.expiring.length > 0 && (
        <Section id="report-expiring" title="Expiring in the next 60 days" icon={CalendarClock}>
          <ul className="divide-y divide-border text-sm">
            {report.expiring.map((item) => (
              <li
                key={`${item.kind}-${item.name}`}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5"
              >
                <span className="min-w-0 break-all text-foreground">
                  {reportText.expiring(item)}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {formatDate(item.expiresAt, brand.timeZone)}
                  {item.autoRenew && " · renews automatically"}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="report-support" title="Support" icon={LifeBuoy}>
        <Facts
          rows={[
            ["Tickets opened", formatNumber(report.tickets.opened)],
            ["Tickets resolved", formatNumber(report.tickets.resolved)],
            ["First response", reportText.firstResponse(report)],
          ]}
        />
      </Section>

      <HoursSection report={report} />

      {workDone && (
        <Section id="report-work" title="Work done" icon={Hammer}>
          <ul className="flex flex-col gap-2 text-sm text-foreground">
            {work.milestonesReached.map((step) => (
              <li key={`${step.project}-${step.name}`}>
                <span className="font-semibold">{step.project}:</span> {step.name} done
              </li>
            ))}
            {work.updatesPosted.map((update) => (
              <li key={`${update.project}-${update.createdAt}`} className="break-words">
                <span className="font-semibold">{update.project}:</span> {update.body}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="report-invoices" title="Invoices" icon={Receipt}>
        <Facts
          rows={[
            ["Issued", reportText.invoicesIssued(report)],
            ["Paid", formatMoney(invoices.paidCents)],
            ["Open", reportText.invoicesOpen(report)],
          ]}
        />
      </Section>
    </article>
  );
}
