/**
 * Display formats of the portal and the back office: US English, in the reader's time zone unless
 * noted.
 */
import type { LeadKind } from "@shared/schemas/leads";

const whole = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateOnlyUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 12480 -> "12,480". */
export const formatNumber = (value: number) => whole.format(value);

/** 2499 -> "$24.99". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** Cents as a dollar amount for a text field: 2499 -> "24.99". */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** 99.98 -> "99.98%". */
export const formatPercent = (value: number) => `${value}%`;

/** 18.4 -> "18.4 GB". */
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const byteUnits = ["bytes", "KB", "MB", "GB", "TB", "PB"];

/** A byte count in decimal units, as hosts bill them: "18.4 GB", "512 MB", "0 bytes". */
export function formatBytes(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? whole.format(value) : oneDecimal.format(value)} ${byteUnits[unit]}`;
}

/** An instant as "Jan 5, 2026". */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** An instant as "Jan 5, 2026, 3:04 PM". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A calendar date ("2026-01-05", or midnight UTC) as "Jan 5, 2026", the same day everywhere. */
export const formatCalendarDate = (value: string) =>
  dateOnlyUtc.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** The YYYY-MM-DD of a calendar date, for a date field. */
export const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : "");

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "2 days ago", "3 months ago". */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE_MS) return "just now";
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), "minute");
  if (elapsed < DAY_MS) return relative.format(-Math.floor(elapsed / HOUR_MS), "hour");
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 30) return relative.format(-days, "day");
  if (days < 365) return relative.format(-Math.floor(days / 30), "month");
  return relative.format(-Math.floor(days / 365), "year");
}

/** Whole days left until an instant, rounded up: 20.9 days -> 21. */
export function daysUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / DAY_MS));
}

/** "Expires today", "Expires in 1 day", "Expires in 21 days". */
export function expiresInText(days: number): string {
  if (days === 0) return "Expires today";
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
}

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
