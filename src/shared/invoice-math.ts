/**
 * Invoice arithmetic in integer cents, and the calendar of monthly plans. Shared so the back
 * office previews exactly what the server stores.
 */

const PPM = 1_000_000;

/** A line's amount: quantity times unit price, in cents. */
export const lineAmount = (line: { quantity: number; unitPriceCents: number }) =>
  line.quantity * line.unitPriceCents;

/** Tax on a subtotal at a rate in millionths, rounded half up to the cent. */
export function taxOf(subtotalCents: number, taxRatePpm: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`a subtotal in whole cents, not ${subtotalCents}`);
  }
  if (!Number.isSafeInteger(taxRatePpm) || taxRatePpm < 0 || taxRatePpm > PPM) {
    throw new RangeError(`a tax rate in millionths from 0 to ${PPM}, not ${taxRatePpm}`);
  }
  // subtotal ≤ 10^10 and rate ≤ 10^6 keep the product within 2^53.
  return Math.floor((subtotalCents * taxRatePpm + PPM / 2) / PPM);
}

export type InvoiceTotals = { subtotalCents: number; taxCents: number; totalCents: number };

/** What an invoice's lines come to, with tax. */
export function invoiceTotals(
  lines: { quantity: number; unitPriceCents: number }[],
  taxRatePpm: number,
): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineAmount(line), 0);
  const taxCents = taxOf(subtotalCents, taxRatePpm);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** "10.1" (a percentage) as millionths: 101000. Undefined when it is not 0 to 100 with ≤ 4 decimals. */
export function percentToPpm(percent: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!match) return undefined;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  return ppm <= PPM ? ppm : undefined;
}

/** Millionths as a percentage: 101000 → 10.1. */
export const ppmToPercent = (ppm: number) => ppm / 10_000;

/* ---------------------------------------------------------------------------------------------
 * Calendar dates (YYYY-MM-DD), worked out in UTC so no time zone moves a day.
 * ------------------------------------------------------------------------------------------- */

const DAY_MS = 86_400_000;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Today's date (UTC) of a moment. */
export const dayOf = (moment: Date) => toDay(moment);

export const addDays = (day: string, days: number) =>
  toDay(new Date(toDate(day).getTime() + days * DAY_MS));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);

/** The same day of the month `months` later; billing days are 1 to 28, so every month has it. */
function addMonths(day: string, months: number): string {
  const date = toDate(day);
  return toDay(
    new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate())),
  );
}

/** The first billing date of a plan: its billing day, on or after the day it starts. */
export function firstBillingDate(plan: { billingDay: number; startsOn: string }): string {
  const start = toDate(plan.startsOn);
  const inStartMonth = toDay(
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), plan.billingDay)),
  );
  return inStartMonth >= plan.startsOn ? inStartMonth : addMonths(inStartMonth, 1);
}

/** The billing period that starts on a billing date: to the day before the next one. */
export const periodEnd = (billingDate: string) => addDays(addMonths(billingDate, 1), -1);

/** A plan's billing dates from its first up to and including `until`. */
export function billingDatesUntil(
  plan: { billingDay: number; startsOn: string },
  until: string,
): string[] {
  const dates: string[] = [];
  for (let day = firstBillingDate(plan); day <= until; day = addMonths(day, 1)) dates.push(day);
  return dates;
}

/** The first billing date after `today` (today's is taken to be invoiced already). */
export function nextBillingDate(
  plan: { billingDay: number; startsOn: string },
  today: string,
): string {
  let day = firstBillingDate(plan);
  while (day <= today) day = addMonths(day, 1);
  return day;
}
