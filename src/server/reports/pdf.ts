import { brand } from "@content/site";
import { reportText } from "@shared/report-text";
import type { MonthlyReport } from "@shared/schemas/reports";
import {
  formatCalendarDate,
  formatDate,
  formatDuration,
  formatMoney,
  formatMonth,
  formatNumber,
  formatWorkTime,
  humanize,
} from "@shared/format";
import { facts, paragraph, renderPdf, sectionHeading } from "../documents/pdf";
import { table, titleBlock } from "../documents/pdf-blocks";
import { barChart } from "../documents/pdf-charts";

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
        ["Uptime", reportText.uptime(site)],
        ["Response time", reportText.responseTime(site)],
        ["Incidents", reportText.incidents(site)],
        ["Heartbeats missed", formatNumber(site.heartbeatsMissed)],
        ["Visitors", reportText.againstBefore(site.visitors, report.monthBefore)],
        ["Page views", reportText.againstBefore(site.pageViews, report.monthBefore)],
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
          reportText.expiring(item),
          formatDate(item.expiresAt, brand.timeZone),
        ]),
      );
    }

    sectionHeading(doc, "Support");
    const { tickets } = report;
    facts(doc, [
      ["Tickets opened", formatNumber(tickets.opened)],
      ["Tickets resolved", formatNumber(tickets.resolved)],
      ["First response", reportText.firstResponse(report)],
    ]);

    sectionHeading(doc, "Hours");
    facts(doc, [["Used", reportText.hoursUsed(report)]]);
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
      ["Issued", reportText.invoicesIssued(report)],
      ["Paid", formatMoney(report.invoices.paidCents)],
      ["Open", reportText.invoicesOpen(report)],
    ]);
  });
}

export const reportFileName = (report: Pick<MonthlyReport, "month">) =>
  `care-report-${report.month}.pdf`;
