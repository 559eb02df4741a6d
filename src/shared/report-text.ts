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
  formatShift,
  formatTiming,
  formatWorkTime,
} from "./format";
import type { MonthlyReport, ReportSite } from "./schemas/reports";
import type { VitalMetric } from "./vitals";

const ms = (value: number | null) => (value === null ? "Not measured" : `${value} ms`);

export const reportText = {
  device: { mobile: "Mobile", desktop: "Desktop" } as const,
  /** A metric's p75 as the speed panel writes it ("1.8 s", "180 ms", "0.05"); "-": no visits. */
  p75: (metric: VitalMetric, value: number | null) =>
    value === null ? "-" : metric === "cls" ? formatShift(value) : formatTiming(value),
  /** A share of good visits, "80%"; "-": no visits. */
  good: (value: number | null) => (value === null ? "-" : formatPercent(value)),
  /** A top page's or source's figure the month before; "-": not among that month's top. */
  before: (value: number | null) => (value === null ? "-" : formatNumber(value)),
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
