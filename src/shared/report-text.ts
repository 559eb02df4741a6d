/**
 * How a monthly care report words its figures: one wording for its PDF (server/reports/pdf.ts)
 * and its preview in the back office, so the two say the same thing.
 */
import {
  formatCount,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWorkTime,
} from "./format";
import type { MonthlyReport, ReportSite } from "./schemas/reports";

const ms = (value: number | null) => (value === null ? "Not measured" : `${value} ms`);

export const reportText = {
  /** "99.9% (maintenance left out)", or "Not checked". */
  uptime: (site: ReportSite) =>
    site.uptimePercent === null
      ? "Not checked"
      : `${formatPercent(site.uptimePercent)} (maintenance left out)`,
  /** "240 ms median, 410 ms at p95". */
  responseTime: (site: ReportSite) =>
    `${ms(site.responseMs.p50)} median, ${ms(site.responseMs.p95)} at p95`,
  incidents: (site: ReportSite) => formatCount(site.incidents.length, "incident", "incidents"),
  /** "120 (80 in September 2026)". */
  againstBefore: (figure: { value: number; before: number }, monthBefore: string) =>
    `${formatNumber(figure.value)} (${formatNumber(figure.before)} in ${formatMonth(monthBefore)})`,
  /** "Domain example.com", "Certificate example.com". */
  expiring: (item: MonthlyReport["expiring"][number]) =>
    `${item.kind === "domain" ? "Domain" : "Certificate"} ${item.name}`,
  /** "2 hr median; 3 of 4 within the 8 hour target", or that nobody was answered. */
  firstResponse: ({ tickets }: MonthlyReport) =>
    tickets.medianFirstResponseMinutes === null
      ? "No replies this month"
      : `${formatWorkTime(tickets.medianFirstResponseMinutes)} median; ${tickets.answeredOnTime} of ${tickets.answered} within the ${tickets.targetHours ?? "-"} hour target`,
  /** "3 hr of 5 hr included", or the hours alone when the plan includes none. */
  hoursUsed: ({ hours }: MonthlyReport) =>
    hours.plan
      ? `${formatWorkTime(hours.usedMinutes)} of ${formatWorkTime(hours.plan.includedMinutes)} included`
      : formatWorkTime(hours.usedMinutes),
  /** "2 invoices, $1,624.99". */
  invoicesIssued: ({ invoices }: MonthlyReport) =>
    `${formatCount(invoices.issued.length, "invoice", "invoices")}, ${formatMoney(invoices.issuedCents)}`,
  /** "1 invoice, $24.99 owed". */
  invoicesOpen: ({ invoices }: MonthlyReport) =>
    `${formatCount(invoices.openCount, "invoice", "invoices")}, ${formatMoney(invoices.openCents)} owed`,
};
