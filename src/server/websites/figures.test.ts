import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aClient, aWebsite } from "../../../tests/support/factories";
import { monitorRollups } from "../db/schema";
import { siteFigures, uptimePercent } from "./figures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The hours written: 33 UTC days up to the end of the last one read. */
const FIRST_HOUR = Date.UTC(2026, 9, 25);
const LAST_HOUR = Date.UTC(2026, 10, 27, 23);

/**
 * One check an hour, up or down by a fixed pseudo-random draw: at about 50% uptime an hour
 * counted twice or left out moves the percentage by about 0.07, which two decimals show.
 */
const hours = Array.from({ length: (LAST_HOUR - FIRST_HOUR) / HOUR + 1 }, (_, i) => ({
  periodStart: FIRST_HOUR + i * HOUR,
  checks: 1 + (i % 3),
  up: (i * 2_654_435_761) % 7 < 3 ? 0 : 1 + (i % 3),
}));

/** The 30-day uptime as the hourly roll-ups alone give it: every hour since 30 days before. */
const fromHours = (now: Date) => {
  const since = now.getTime() - 30 * DAY;
  const counted = hours.filter((hour) => hour.periodStart >= since);
  const sum = (key: "checks" | "up") => counted.reduce((total, hour) => total + hour[key], 0);
  return uptimePercent(sum("checks"), sum("up"));
};

describe.each(databaseKinds)(
  "a site's 30-day uptime from daily and hourly roll-ups (%s)",
  (kind) => {
    let database: TestDatabase;
    let siteId: string;
    let quietId: string;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const { company } = await aClient(database.db);
      siteId = (await aWebsite(database.db, company.id, { domain: "tide.example" })).id;
      quietId = (await aWebsite(database.db, company.id, { domain: "quiet.example" })).id;
      // The daily roll-ups as the monitor writes them: the sums of the UTC day's hours.
      const days = new Map<number, { checks: number; up: number }>();
      for (const hour of hours) {
        const day = Math.floor(hour.periodStart / DAY) * DAY;
        const sums = days.get(day) ?? { checks: 0, up: 0 };
        days.set(day, { checks: sums.checks + hour.checks, up: sums.up + hour.up });
      }
      const rows = [
        ...hours.map(({ periodStart, ...sums }) => ({
          granularity: "hour" as const,
          periodStart: new Date(periodStart),
          ...sums,
        })),
        ...[...days].map(([day, sums]) => ({
          granularity: "day" as const,
          periodStart: new Date(day),
          ...sums,
        })),
      ];
      for (let from = 0; from < rows.length; from += 500) {
        await database.db
          .insert(monitorRollups)
          .values(rows.slice(from, from + 500).map((row) => ({ websiteId: siteId, ...row })));
      }
    });
    afterAll(() => database.drop());

    it.each([
      "2026-11-27T16:46:30.250Z",
      "2026-11-27T00:00:00.000Z",
      "2026-11-27T00:30:00.000Z",
      "2026-11-27T13:00:00.000Z",
      "2026-11-27T23:59:59.999Z",
      "2026-11-26T23:00:00.000Z",
    ])("at %s equals the sums of the last 30 days of hourly roll-ups", async (at) => {
      const now = new Date(at);
      const figures = await siteFigures(
        database.db,
        [
          { id: siteId, live: true },
          { id: quietId, live: true },
        ],
        now,
      );
      const expected = fromHours(now);
      expect(expected).not.toBeNull();
      expect(figures.get(siteId)!.uptimePercent).toBe(expected);
      // Nothing checked: no uptime, not 0% nor 100%.
      expect(figures.get(quietId)!.uptimePercent).toBeNull();
    });

    it("tells apart an hour more or less at the window's start", () => {
      // The data is fit to show a gap or a double count: the neighbours' answers differ.
      const now = Date.parse("2026-11-27T16:46:30.250Z");
      const around = [-HOUR, 0, HOUR].map((shift) => fromHours(new Date(now + shift)));
      expect(new Set(around).size).toBe(3);
    });
  },
);
