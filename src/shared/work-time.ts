/**
 * The agency's calendar: days and months in its time zone (src/content, brand.timeZone), so
 * "this month" and "today" mean the same for staff, clients and the month-end job wherever the
 * server runs.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The YYYY-MM-DD of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** "2026-11" of "2026-11-27". */
export const monthOfDay = (day: string) => day.slice(0, 7);

/** The first and last day of a month ("2026-11" -> 2026-11-01, 2026-11-30). */
export function monthDays(month: string): { first: string; last: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month `count` months after (or before, when negative) a month. */
export function addMonthsTo(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, number - 1 + count, 1));
  return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, "0")}`;
}
