import { brand } from "@content/site";
import type { MonthlyReport } from "@shared/schemas/reports";
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
import { facts, paragraph, renderPdf, sectionHeading } from "../documents/pdf";
import { table, titleBlock } from "../documents/pdf-blocks";
import { barChart } from "../documents/pdf-charts";

/** "120 (80 in September 2026)". */
const againstBefore = (figure: { value: number; before: number }, before: string) =>
  `${formatNumber(figure.value)} (${formatNumber(figure.before)} in ${formatMonth(before)})`;

const ms = (value: number | null) => (value === null ? "Not measured" : `${value} ms`);

/** The monthly care report as a PDF, drawn from its figures (a staff note, if any, on top). */
export function reportPdf(report: MonthlyReport, staffNote: string | null): Promise<Buffer> {
  const title = `Care report, ${formatMonth(report.month)}`;
  return renderPdf({ title, footer: `${report.companyName}: ${title}` }, (doc) => {
    titleBlock(doc, {
      title,
      facts: [
        ["Month", formatMonth(report.month)],
        ["Websites", formatNumber(report.sites.length)],
      ],
      party: { label: "Prepared for", name: report.companyName },
    });
    if (staffNote) {
      sectionHeading(doc, "A note from the team");
      paragraph(doc, staffNote);
    }

    for (const site of report.sites) {
      sectionHeading(doc, site.domain);
      facts(doc, [
        [
          "Uptime",
          site.uptimePercent === null
            ? "Not checked"
            : `${formatPercent(site.uptimePercent)} (maintenance left out)`,
        ],
        ["Response time", `${ms(site.responseMs.p50)} median, ${ms(site.responseMs.p95)} at p95`],
        ["Incidents", formatCount(site.incidents.length, "incident", "incidents")],
        ["Heartbeats missed", formatNumber(site.heartbeatsMissed)],
        ["Visitors", againstBefore(site.visitors, report.monthBefore)],
        ["Page views", againstBefore(site.pageViews, report.monthBefore)],
      ]);
      // This month against the one before, as vectors.
      barChart(doc, {
        labels: ["Visitors", "Page views"],
        series: [
          { name: formatMonth(report.month), values: [site.visitors.value, site.pageViews.value] },
          {
            name: formatMonth(report.monthBefore),
            values: [site.visitors.before, site.pageViews.before],
          },
        ],
        height: 70,
        format: formatNumber,
      });
      if (site.incidents.length > 0) {
        table(
          doc,
          [
            { header: "Started", width: 40 },
            { header: "Cause", width: 35 },
            { header: "Down for", width: 25, align: "right" },
          ],
          site.incidents.map((incident) => [
            formatDate(incident.startedAt, brand.timeZone),
            incident.detail ?? humanize(incident.cause),
            formatDuration(incident.durationSeconds),
          ]),
        );
      }
      if (site.topPages.length > 0) {
        table(
          doc,
          [
            { header: "Top pages", width: 75 },
            { header: "Views", width: 25, align: "right" },
          ],
          site.topPages.map((page) => [page.path, formatNumber(page.views)]),
        );
      }
      if (site.topSources.length > 0) {
        table(
          doc,
          [
            { header: "Top sources", width: 75 },
            { header: "Visitors", width: 25, align: "right" },
          ],
          site.topSources.map((source) => [source.host ?? "Direct", formatNumber(source.visitors)]),
        );
      }
    }

    if (report.expiring.length > 0) {
      sectionHeading(doc, "Expiring in the next 60 days");
      table(
        doc,
        [
          { header: "What", width: 60 },
          { header: "Expires", width: 40, align: "right" },
        ],
        report.expiring.map((item) => [
          `${item.kind === "domain" ? "Domain" : "Certificate"} ${item.name}`,
          formatDate(item.expiresAt, brand.timeZone),
        ]),
      );
    }

    sectionHeading(doc, "Support");
    const { tickets } = report;
    facts(doc, [
      ["Tickets opened", formatNumber(tickets.opened)],
      ["Tickets resolved", formatNumber(tickets.resolved)],
      [
        "First response",
        tickets.medianFirstResponseMinutes === null
          ? "No replies this month"
          : `${formatWorkTime(tickets.medianFirstResponseMinutes)} median; ${tickets.answeredOnTime} of ${tickets.answered} within the ${tickets.targetHours ?? "-"} hour target`,
      ],
    ]);

    sectionHeading(doc, "Hours");
    const included = report.hours.plan?.includedMinutes ?? null;
    facts(doc, [
      [
        "Used",
        included === null
          ? formatWorkTime(report.hours.usedMinutes)
          : `${formatWorkTime(report.hours.usedMinutes)} of ${formatWorkTime(included)} included`,
      ],
    ]);
    if (report.hours.entries.length > 0) {
      table(
        doc,
        [
          { header: "Day", width: 20 },
          { header: "Note", width: 60 },
          { header: "Time", width: 20, align: "right" },
        ],
        report.hours.entries.map((entry) => [
          formatCalendarDate(entry.workDate),
          entry.note,
          formatWorkTime(entry.minutes),
        ]),
      );
    }

    const { work } = report;
    if (work.milestonesReached.length + work.updatesPosted.length > 0) {
      sectionHeading(doc, "Work done");
      for (const step of work.milestonesReached)
        paragraph(doc, `${step.project}: ${step.name} done`);
      for (const update of work.updatesPosted) paragraph(doc, `${update.project}: ${update.body}`);
    }

    sectionHeading(doc, "Invoices");
    facts(doc, [
      [
        "Issued",
        `${formatCount(report.invoices.issued.length, "invoice", "invoices")}, ${formatMoney(report.invoices.issuedCents)}`,
      ],
      ["Paid", formatMoney(report.invoices.paidCents)],
      [
        "Open",
        `${formatCount(report.invoices.openCount, "invoice", "invoices")}, ${formatMoney(report.invoices.openCents)} owed`,
      ],
    ]);
  });
}

export const reportFileName = (report: Pick<MonthlyReport, "month">) =>
  `care-report-${report.month}.pdf`;
