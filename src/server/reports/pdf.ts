import { brand } from "@content/site";
import { reportText } from "@shared/report-text";
import type { MonthlyReport, ReportSite } from "@shared/schemas/reports";
import { vitalNames } from "@shared/vitals";
import {
  formatCalendarDate,
  formatDate,
  formatDuration,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWorkTime,
  humanize,
} from "@shared/format";
import {
  facts,
  keepTogether,
  paragraph,
  renderPdf,
  sectionHeading,
  subheading,
  type PdfDocument,
} from "../documents/pdf";
import { table, titleBlock } from "../documents/pdf-blocks";
import { barChart } from "../documents/pdf-charts";

/** About a table row's height, and what a chart adds to its plot (legend, labels), in points. */
const ROW_HEIGHT = 19;
const CHART_FRAME = 48;

const { device: deviceWords, p75: p75Text, good: goodText, before: beforeText } = reportText;

/** A site's goals: conversions this month against the month before, as a table and bars. */
function goalsPart(doc: PdfDocument, site: ReportSite, report: MonthlyReport) {
  if (site.goals.length === 0) return;
  // The table and its chart on one page.
  doc.moveDown(0.6);
  keepTogether(doc, 40 + site.goals.length * ROW_HEIGHT + 60 + CHART_FRAME);
  subheading(doc, "Goals");
  table(
    doc,
    [
      { header: "Goal", width: 40 },
      { header: "Conversions", width: 20, align: "right" },
      { header: `In ${formatMonth(report.monthBefore)}`, width: 22, align: "right" },
      { header: "Rate", width: 18, align: "right" },
    ],
    site.goals.map((goal) => [
      goal.name,
      formatNumber(goal.visitors.value),
      formatNumber(goal.visitors.before),
      formatPercent(goal.rate),
    ]),
  );
  barChart(doc, {
    labels: site.goals.map((goal) => goal.name),
    series: [
      { name: formatMonth(report.month), values: site.goals.map((goal) => goal.visitors.value) },
      {
        name: formatMonth(report.monthBefore),
        values: site.goals.map((goal) => goal.visitors.before),
      },
    ],
    height: 60,
    // Whole conversions on the axis, however few.
    max: 4,
    format: formatNumber,
  });
}

/**
 * A site's Core Web Vitals per device class: each metric's p75 and share of good visits against
 * the month before, and the shares as bars.
 */
function vitalsPart(doc: PdfDocument, site: ReportSite, report: MonthlyReport) {
  for (const device of site.vitals) {
    doc.moveDown(0.6);
    keepTogether(doc, 40 + device.metrics.length * ROW_HEIGHT + 55 + CHART_FRAME);
    subheading(doc, `Speed on ${deviceWords[device.device].toLowerCase()} (Core Web Vitals)`);
    table(
      doc,
      [
        { header: `${deviceWords[device.device]}, p75`, width: 34 },
        { header: formatMonth(report.month), width: 17, align: "right" },
        { header: "Good visits", width: 16, align: "right" },
        { header: formatMonth(report.monthBefore), width: 17, align: "right" },
        { header: "Good visits", width: 16, align: "right" },
      ],
      device.metrics.map((figure) => [
        `${vitalNames[figure.metric].short} (${vitalNames[figure.metric].long})`,
        p75Text(figure.metric, figure.p75),
        goodText(figure.goodPercent),
        p75Text(figure.metric, figure.before.p75),
        goodText(figure.before.goodPercent),
      ]),
    );
    barChart(doc, {
      labels: device.metrics.map((figure) => vitalNames[figure.metric].short),
      series: [
        {
          name: `Good visits, ${formatMonth(report.month)}`,
          values: device.metrics.map((figure) => figure.goodPercent ?? Number.NaN),
        },
        {
          name: `Good visits, ${formatMonth(report.monthBefore)}`,
          values: device.metrics.map((figure) => figure.before.goodPercent ?? Number.NaN),
        },
      ],
      height: 55,
      max: 100,
      format: formatPercent,
    });
  }
}

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
            { header: "Top pages", width: 60 },
            { header: "Views", width: 18, align: "right" },
            { header: `In ${formatMonth(report.monthBefore)}`, width: 22, align: "right" },
          ],
          site.topPages.map((page) => [
            page.path,
            formatNumber(page.views),
            beforeText(page.viewsBefore),
          ]),
        );
      }
      if (site.topSources.length > 0) {
        table(
          doc,
          [
            { header: "Top sources", width: 60 },
            { header: "Visitors", width: 18, align: "right" },
            { header: `In ${formatMonth(report.monthBefore)}`, width: 22, align: "right" },
          ],
          site.topSources.map((source) => [
            source.host ?? "Direct",
            formatNumber(source.visitors),
            beforeText(source.visitorsBefore),
          ]),
        );
      }
      goalsPart(doc, site, report);
      vitalsPart(doc, site, report);
    }

    if (report.expiring.length > 0) {
      sectionHeading(doc, "Expiring in the next 60 days", { keepWith: 60 });
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
