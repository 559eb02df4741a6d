/** Display formats of the portal: US English, the reader's time zone unless noted. */

const whole = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateOnlyUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** 12480 -> "12,480". */
export const formatNumber = (value: number) => whole.format(value);

/** 2499 -> "$24.99". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** 99.98 -> "99.98%". */
export const formatPercent = (value: number) => `${value}%`;

/** 18.4 -> "18.4 GB". */
export const formatGigabytes = (value: number) => `${whole.format(value)} GB`;

/** An instant as "Jan 5, 2026". */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** An instant as "Jan 5, 2026, 3:04 PM". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A calendar date ("2026-01-05") as "Jan 5, 2026", the same day in every time zone. */
export const formatCalendarDate = (value: string) =>
  dateOnlyUtc.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

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

/** "in-progress" -> "In Progress". */
export function titleCase(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
