/**
 * How the site writes numbers, money, dates, durations and labels: one wording for the portal,
 * the back office, emails and PDFs. US English. Screens show instants in the reader's time zone;
 * emails name the zone they use.
 */
import type { LeadKind } from "./schemas/leads";

/**
 * An Intl formatter made on its first use, not as the module loads: making one loads its locale
 * data, and a page that never formats a number or a country (the booking page) need not pay
 * for it as it starts.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const whole = onFirstUse(() => new Intl.NumberFormat("en-US"));
const oneDecimal = onFirstUse(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }));
const relative = onFirstUse(() => new Intl.RelativeTimeFormat("en-US", { numeric: "auto" }));

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/* Numbers and money */

/** 12480 -> "12,480". */
export const formatNumber = (value: number) => whole().format(value);

/** A count and its noun: "1 lead", "1,204 leads". */
export const formatCount = (count: number, one: string, many: string) =>
  `${whole().format(count)} ${count === 1 ? one : many}`;

/**
 * Integer cents as dollars: 123450 -> "$1,234.50", -199 -> "-$1.99". Amounts are whole cents
 * everywhere; anything else is a bug, and is refused rather than rounded into a document.
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`an amount in whole cents, not ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${whole().format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** 99.98 -> "99.98%". */
export const formatPercent = (value: number) => `${value}%`;

const regions = onFirstUse(
  () => new Intl.DisplayNames(["en-US"], { type: "region", fallback: "code" }),
);

/** An ISO 3166 country code as its English name: "DE" -> "Germany"; null -> "Unknown". */
export const formatCountry = (code: string | null) => (code ? regions().of(code)! : "Unknown");

const byteUnits = ["bytes", "KB", "MB", "GB", "TB", "PB"];

/** A byte count in decimal units, as hosts bill them: "18.4 GB", "512 MB", "0 bytes". */
export function formatBytes(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? whole().format(value) : oneDecimal().format(value)} ${byteUnits[unit]}`;
}

/* Dates */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone (undefined: the reader's), made once. */
function dateFormat(kind: "date" | "dateTime", timeZone: string | undefined) {
  const key = `${kind} ${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone,
      // A time with a zone given names the zone: an email cannot know its reader's.
      ...(kind === "dateTime" && {
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: timeZone ? "short" : undefined,
      }),
    });
    dateFormats.set(key, format);
  }
  return format;
}

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** An instant as "Jan 5, 2026": in the reader's time zone, or in `timeZone`. */
export const formatDate = (instant: string | Date, timeZone?: string) =>
  dateFormat("date", timeZone).format(toDate(instant));

/**
 * An instant as "Jan 5, 2026, 3:04 PM" in the reader's time zone, or with `timeZone` as
 * "Jan 5, 2026, 3:04 PM PST".
 */
export const formatDateTime = (instant: string | Date, timeZone?: string) =>
  dateFormat("dateTime", timeZone).format(toDate(instant));

/**
 * A calendar date ("2026-01-05", or midnight UTC) as "Jan 5, 2026": the same day in every time
 * zone, on every screen and in every document.
 */
export function formatCalendarDate(day: string | Date): string {
  const date = typeof day === "string" && day.length === 10 ? `${day}T00:00:00Z` : day;
  return dateFormat("date", "UTC").format(toDate(date));
}

/** The YYYY-MM-DD of a calendar date, for a date field. */
export const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : "");

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "2 days ago", "3 months ago". */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE_MS) return "just now";
  if (elapsed < HOUR_MS) return relative().format(-Math.floor(elapsed / MINUTE_MS), "minute");
  if (elapsed < DAY_MS) return relative().format(-Math.floor(elapsed / HOUR_MS), "hour");
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 30) return relative().format(-days, "day");
  if (days < 365) return relative().format(-Math.floor(days / 30), "month");
  return relative().format(-Math.floor(days / 365), "year");
}

/** Whole days left until an instant, rounded up: 20.9 days -> 21; none once it has passed. */
export function daysUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / DAY_MS));
}

/** "Expired 3 days ago", "Expires today", "Expires in 1 day", "Expires in 21 days". */
export function expiresInText(days: number): string {
  const count = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  if (days < 0) return `Expired ${count(-days)} ago`;
  if (days === 0) return "Expires today";
  return `Expires in ${count(days)}`;
}

/* Durations */

/**
 * A page speed timing: "180 ms" under a second, else seconds to two decimals: "2.45 s", "12 s".
 */
export function formatTiming(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = new Intl.NumberFormat("en-US", { maximumFractionDigits: ms < 10_000 ? 2 : 1 });
  return `${seconds.format(ms / 1000)} s`;
}

/** A layout shift score (unitless) to three decimals at most: "0", "0.05", "0.123". */
export const formatShift = (value: number) =>
  new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 }).format(value);

/**
 * How long something lasted or has left, in whole minutes: "under 1 min", "35 min", "1 hr",
 * "1 hr 5 min", up to "47 hr 59 min" (a day's target counts down in hours), then "2 days 3 hr".
 */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} hr ${minutes % 60} min` : `${hours} hr`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} hr` : `${days} days`;
}

/**
 * Time worked, in whole minutes, always in hours and minutes (a month's work is "52 hr", not
 * days): "0 min", "45 min", "1 hr", "1 hr 5 min", "52 hr 30 min".
 */
export function formatWorkTime(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  return total % 60 ? `${hours} hr ${total % 60} min` : `${hours} hr`;
}

/** A month ("2026-11") as "November 2026". */
export function formatMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * A period or a grace time as people set it: in its largest whole unit, "1 day", "6 hours",
 * "15 minutes", "90 seconds" (a job's heartbeat runs "every 1 day" and may be "30 minutes" late).
 */
export function formatPeriod(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}

/* Labels */

/** "in-progress" -> "In Progress" (the portal's labels). */
export function titleCase(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** "in-progress" -> "In progress" (the back office's labels). */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "contact" -> "Message", "application" -> "Application". */
export const leadKindLabel = (kind: LeadKind | string) =>
  kind === "contact" ? "Message" : kind === "application" ? "Application" : humanize(kind);

/** A person's name, or their email when the account has none. */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;
}

/* Booked calls */

const slotFormats = new Map<string, Intl.DateTimeFormat>();
function slotFormat(kind: "words" | "day" | "time", timeZone: string) {
  const key = `${kind} ${timeZone}`;
  let format = slotFormats.get(key);
  if (!format) {
    const day = { weekday: "long", month: "long", day: "numeric" } as const;
    const time = { hour: "numeric", minute: "2-digit" } as const;
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      ...(kind === "words" ? { ...day, year: "numeric", ...time, timeZoneName: "long" } : {}),
      ...(kind === "day" ? day : {}),
      ...(kind === "time" ? time : {}),
    });
    slotFormats.set(key, format);
  }
  return format;
}

/** A call's start in full words: "Monday, March 22, 2027 at 5:00 PM Central European Standard Time". */
export const formatSlotInWords = (instant: string | Date, timeZone: string) =>
  slotFormat("words", timeZone).format(toDate(instant));

/** The day a call falls on in a time zone: "Monday, March 22". */
export const formatSlotDay = (instant: string | Date, timeZone: string) =>
  slotFormat("day", timeZone).format(toDate(instant));

/** A call's start time in a time zone: "5:00 PM". */
export const formatSlotTime = (instant: string | Date, timeZone: string) =>
  slotFormat("time", timeZone).format(toDate(instant));
