import { describe, expect, it } from "vitest";
import {
  daysUntil,
  expiresInText,
  formatBytes,
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMonth,
  formatWorkTime,
  formatPeriod,
  formatMoney,
  formatNumber,
  humanize,
  leadKindLabel,
  personName,
  timeAgo,
  titleCase,
  toDateInput,
} from "./format";

const now = Date.parse("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("display formats", () => {
  it("formats money, numbers and sizes as the seed shows them", () => {
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatNumber(12_480)).toBe("12,480");
    expect(formatCount(1, "lead", "leads")).toBe("1 lead");
    expect(formatCount(1204, "entry", "entries")).toBe("1,204 entries");
    expect(formatCount(0, "lead", "leads")).toBe("0 leads");
    expect(formatBytes(18_400_000_000)).toBe("18.4 GB");
    expect(formatBytes(512_000_000)).toBe("512 MB");
    expect(formatBytes(999)).toBe("999 bytes");
    expect(formatBytes(0)).toBe("0 bytes");
  });

  it("writes whole cents as dollars, on screens and in documents alike", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(1_000_000_000)).toBe("$10,000,000.00");
    expect(formatMoney(-199)).toBe("-$1.99");
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it("shows a calendar date as the same day in every time zone", () => {
    expect(formatCalendarDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatCalendarDate("2027-01-31T00:00:00.000Z")).toBe("Jan 31, 2027");
    expect(formatCalendarDate(new Date("2027-01-31T00:00:00Z"))).toBe("Jan 31, 2027");
  });

  it("shows an instant in a time zone, naming it when an email gives one", () => {
    const moment = "2026-11-02T09:01:00Z";
    expect(formatDate(moment, "UTC")).toBe("Nov 2, 2026");
    expect(formatDate(moment, "Pacific/Kiritimati")).toBe("Nov 2, 2026");
    expect(formatDate("2026-11-02T05:00:00Z", "America/Los_Angeles")).toBe("Nov 1, 2026");
    expect(formatDateTime(moment, "America/Los_Angeles")).toBe("Nov 2, 2026, 1:01 AM PST");
    expect(formatDateTime(new Date("2026-06-15T16:30:00Z"), "America/Los_Angeles")).toBe(
      "Jun 15, 2026, 9:30 AM PDT",
    );
  });

  it("says how long ago, in words", () => {
    expect(timeAgo(ago(10_000), now)).toBe("just now");
    expect(timeAgo(new Date(now + 5_000).toISOString(), now)).toBe("just now");
    expect(timeAgo(ago(5 * MINUTE), now)).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * 60 * MINUTE), now)).toBe("3 hours ago");
    expect(timeAgo(ago(DAY + MINUTE), now)).toBe("yesterday");
    expect(timeAgo(ago(2 * DAY + MINUTE), now)).toBe("2 days ago");
    expect(timeAgo(ago(65 * DAY), now)).toBe("2 months ago");
  });

  it("counts the days left, rounding up", () => {
    expect(daysUntil(new Date(now + 21 * DAY - 5_000).toISOString(), now)).toBe(21);
    expect(daysUntil(new Date(now - DAY).toISOString(), now)).toBe(0);
    expect(expiresInText(21)).toBe("Expires in 21 days");
    expect(expiresInText(1)).toBe("Expires in 1 day");
    expect(expiresInText(0)).toBe("Expires today");
    expect(expiresInText(-1)).toBe("Expired 1 day ago");
    expect(expiresInText(-3)).toBe("Expired 3 days ago");
  });

  it("writes a period as it was set, in its largest whole unit", () => {
    expect(formatPeriod(86_400)).toBe("1 day");
    expect(formatPeriod(7 * 86_400)).toBe("7 days");
    expect(formatPeriod(3_600)).toBe("1 hour");
    expect(formatPeriod(90 * 60)).toBe("90 minutes");
    expect(formatPeriod(60)).toBe("1 minute");
    expect(formatPeriod(90)).toBe("90 seconds");
    expect(formatPeriod(1)).toBe("1 second");
  });

  it("writes a duration one way everywhere: minutes, hours up to two days, then days", () => {
    const minutes = (count: number) => count * 60;
    expect(formatDuration(0)).toBe("under 1 min");
    expect(formatDuration(59)).toBe("under 1 min");
    expect(formatDuration(minutes(8))).toBe("8 min");
    expect(formatDuration(minutes(8) + 59)).toBe("8 min");
    expect(formatDuration(minutes(59))).toBe("59 min");
    expect(formatDuration(minutes(60))).toBe("1 hr");
    expect(formatDuration(minutes(65))).toBe("1 hr 5 min");
    expect(formatDuration(minutes(24 * 60))).toBe("24 hr");
    expect(formatDuration(minutes(47 * 60 + 59))).toBe("47 hr 59 min");
    expect(formatDuration(minutes(48 * 60))).toBe("2 days");
    expect(formatDuration(minutes(49 * 60 + 30))).toBe("2 days 1 hr");
  });

  it("turns status values into labels: title case in the portal, sentence case for staff", () => {
    expect(titleCase("in-progress")).toBe("In Progress");
    expect(titleCase("open")).toBe("Open");
    expect(humanize("in-progress")).toBe("In progress");
    expect(humanize("lead_notification")).toBe("Lead notification");
  });

  it("names a lead's kind as the inbox shows it", () => {
    expect(leadKindLabel("contact")).toBe("Message");
    expect(leadKindLabel("application")).toBe("Application");
  });

  it("names a person, or falls back to their email", () => {
    expect(personName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe(
      "Ada Lovelace",
    );
    expect(personName({ firstName: null, lastName: null, email: "ada@example.com" })).toBe(
      "ada@example.com",
    );
  });

  it("fills a form's date fields from stored values", () => {
    expect(toDateInput("2026-01-05T00:00:00.000Z")).toBe("2026-01-05");
    expect(toDateInput(null)).toBe("");
  });
});

describe("work time and months", () => {
  it("writes time worked in hours and minutes, never days", () => {
    expect(formatWorkTime(0)).toBe("0 min");
    expect(formatWorkTime(45)).toBe("45 min");
    expect(formatWorkTime(60)).toBe("1 hr");
    expect(formatWorkTime(65)).toBe("1 hr 5 min");
    expect(formatWorkTime(52 * 60 + 30)).toBe("52 hr 30 min");
  });

  it("names a month", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
  });
});
