/*
 * The date ranges a website's page can show, and how often its checks run, in words. Plain code:
 * the server picks the window and its granularity from it, the page its picker and its labels.
 */

/** The preset ranges, in days ending today (UTC). */
export const siteRangePresets = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type SiteRangePreset = keyof typeof siteRangePresets;
export const defaultSiteRange: SiteRangePreset = "30d";

/** A calendar month, YYYY-MM. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isSiteRange = (value: string) => value in siteRangePresets || monthPattern.test(value);

const DAY_MS = 86_400_000;
/** Hourly roll-ups are kept 90 days: ranges of up to this many days are charted per hour. */
const HOURLY_UP_TO_DAYS = 7;

export type SiteWindow = {
  /** First and last UTC day, YYYY-MM-DD. */
  from: string;
  to: string;
  days: number;
  /** Response times per hour for short ranges (hourly roll-ups), else per day (daily roll-ups). */
  granularity: "hour" | "day";
};

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days a range covers: a preset ends today; a month runs from its first day to its last,
 * or to today for the current month. Undefined for a month after the current one.
 */
export function siteWindow(range: string, now: Date): SiteWindow | undefined {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let start: number;
  let end: number;
  if (range in siteRangePresets) {
    end = today;
    start = today - (siteRangePresets[range as SiteRangePreset] - 1) * DAY_MS;
  } else {
    const [year, month] = range.split("-").map(Number) as [number, number];
    start = Date.UTC(year, month - 1, 1);
    if (start > today) return undefined;
    end = Math.min(today, Date.UTC(year, month, 1) - DAY_MS);
  }
  const days = Math.round((end - start) / DAY_MS) + 1;
  return {
    from: dayText(start),
    to: dayText(end),
    days,
    granularity: days <= HOURLY_UP_TO_DAYS ? "hour" : "day",
  };
}

const plural = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`);

/** How often a site is checked, in words: "every minute", "every 5 minutes", "every 30 seconds". */
export function checkIntervalText(seconds: number): string {
  if (seconds % 3600 === 0) return `every ${plural(seconds / 3600, "hour")}`;
  if (seconds % 60 === 0) return `every ${plural(seconds / 60, "minute")}`;
  return `every ${plural(seconds, "second")}`;
}
