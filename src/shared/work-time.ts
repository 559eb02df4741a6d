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

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** True when `timeZone` is an IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a time zone: its day (YYYY-MM-DD) and minute of the day. */
export function wallClockInZone(instant: Date, timeZone: string): { day: string; minute: number } {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Los Angeles in winter: -480). */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const { day, minute } = wallClockInZone(instant, timeZone);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, 0, minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall clock (a day and a minute of it) reads in a time zone, or null for a time
 * the zone skips (02:30 on the night clocks spring forward). A time read twice (01:30 on the night
 * they fall back) is its first reading.
 */
export function instantOfWallClock(day: string, minute: number, timeZone: string): Date | null {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, 0, minute);
  // Try the offsets in force a day either side: one of them is the offset at the answer.
  const offsets = new Set([
    offsetMinutesAt(new Date(asUtc - 86_400_000), timeZone),
    offsetMinutesAt(new Date(asUtc + 86_400_000), timeZone),
    offsetMinutesAt(new Date(asUtc), timeZone),
  ]);
  const readings = [...offsets]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .filter((instant) => {
      const wall = wallClockInZone(instant, timeZone);
      return wall.day === day && wall.minute === minute;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return readings[0] ?? null;
}

/** The day after (or `count` days after) a YYYY-MM-DD day. */
export function addDaysTo(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a YYYY-MM-DD day. */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/**
 * The zone's offset from UTC (minutes) all through a day, or null on a day its clocks change:
 * on such a day read each time with instantOfWallClock.
 */
export function steadyOffsetOfDay(day: string, timeZone: string): number | null {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date);
  // Every zone is within UTC-12 to UTC+14: these bracket the whole local day.
  const before = offsetMinutesAt(new Date(midnight - 14 * 3_600_000), timeZone);
  const after = offsetMinutesAt(new Date(midnight + 36 * 3_600_000), timeZone);
  return before === after ? before : null;
}
