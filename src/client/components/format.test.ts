import { describe, expect, it } from "vitest";
import {
  centsToDollars,
  daysUntil,
  expiresInText,
  formatCalendarDate,
  formatCents,
  formatBytes,
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
    expect(formatCents(2499)).toBe("$24.99");
    expect(formatNumber(12_480)).toBe("12,480");
    expect(formatBytes(18_400_000_000)).toBe("18.4 GB");
    expect(formatBytes(512_000_000)).toBe("512 MB");
    expect(formatBytes(999)).toBe("999 bytes");
    expect(formatBytes(0)).toBe("0 bytes");
  });

  it("shows a calendar date as the same day in every time zone", () => {
    expect(formatCalendarDate("2026-01-05")).toBe("Jan 5, 2026");
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

  it("fills a form's money and date fields from stored values", () => {
    expect(centsToDollars(2499)).toBe("24.99");
    expect(centsToDollars(2400)).toBe("24.00");
    expect(toDateInput("2026-01-05T00:00:00.000Z")).toBe("2026-01-05");
    expect(toDateInput(null)).toBe("");
  });
});
