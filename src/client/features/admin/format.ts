import type { LeadKind } from "@shared/schemas/leads";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateOnlyUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const whole = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "Jan 5, 2026, 3:04 PM" in the reader's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** "Jan 5, 2026" in the reader's time zone. */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** A calendar date (YYYY-MM-DD, or midnight UTC) shown as that same day everywhere. */
export const formatCalendarDate = (value: string) =>
  dateOnlyUtc.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** The YYYY-MM-DD of a calendar date, for a date field. */
export const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : "");

export const formatNumber = (value: number) => whole.format(value);

export const formatCents = (cents: number) => usd.format(cents / 100);

/** Cents as a dollar amount for a text field: 2499 -> "24.99". */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** "in-progress" -> "In progress". */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const leadKindLabel = (kind: LeadKind | string) =>
  kind === "contact" ? "Message" : kind === "application" ? "Application" : humanize(kind);

const emailKinds: Record<string, string> = {
  "lead-notification": "New lead (to agency)",
  "lead-acknowledgement": "Lead acknowledgement",
  "sign-in-link": "Sign-in link",
  "ticket-new": "New ticket",
  "ticket-client-reply": "Client reply (to agency)",
  "ticket-staff-reply": "Staff reply (to client)",
  "client-invitation": "Client invitation",
};

export const emailKindLabel = (kind: string) => emailKinds[kind] ?? humanize(kind);

export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;
}
