import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSiteWithItsOwner } from "../../../tests/support/analytics";
import { callApi, createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { goalEvents, pageViews } from "../db/schema";
import { createSaltStore, utcDate } from "./ingest";
import { rollUpPageViews } from "./rollup";

/**
 * The site page's visitors and page views (in all and per day), top pages, referring sites,
 * devices, sources, campaigns, goals and countries of a month now past the raw rows' 13 months:
 * counted from the raw rows before the roll-up, from the roll-ups and the raw rows while it is
 * part done, from the roll-ups after it, and the same once the day's rotation has deleted the raw
 * rows.
 */
describe.each(databaseKinds)(
  "visitors, pages, referrers, devices, sources, campaigns, goals and countries in roll-ups on %s",
  (kind) => {
    let t: TestApp;
    let owner: string;
    let siteId: string;
    const today = new Date();
    // The calendar month 14 months ago: its raw rows are past the 13 months kept.
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 14, 1));
    const month = monthStart.toISOString().slice(0, 7);
    const dayOf = (n: number) => `${month}-${String(n).padStart(2, "0")}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      const given = await aSiteWithItsOwner(t);
      owner = given.owner;
      siteId = given.site.id;

      const view = (
        day: number,
        hour: number,
        visitor: string,
        extra: Partial<typeof pageViews.$inferInsert> = {},
      ) => ({
        websiteId: siteId,
        occurredAt: new Date(`${dayOf(day)}T${String(hour).padStart(2, "0")}:00:00Z`),
        day: dayOf(day),
        visitorHash: visitor.padEnd(32, "0"),
        path: "/",
        device: "desktop" as const,
        ...extra,
      });
      const newsletter = { utmSource: "newsletter", utmMedium: "email", utmCampaign: "fall" };
      await t.database.db.insert(pageViews).values([
        // The 5th: a visitor from the newsletter in the US (a second page, untagged, later), one
        // on a phone from Google in Germany (back from Google later, on the menu), one direct on
        // a tablet from nowhere known.
        view(5, 9, "a", { ...newsletter, country: "US" }),
        view(5, 10, "a", { path: "/signup", country: "US" }),
        view(5, 11, "b", { referrerHost: "google.com", country: "DE", device: "mobile" }),
        view(5, 12, "c", { device: "tablet" }),
        view(5, 14, "b", { path: "/menu", referrerHost: "google.com", device: "mobile" }),
        // The 6th: the same hash is a new visitor, direct from the US, who reads the menu too.
        view(6, 8, "a", { country: "US" }),
        view(6, 9, "a", { path: "/menu" }),
      ]);
      const goal = (day: number, visitor: string, name: string) => ({
        websiteId: siteId,
        occurredAt: new Date(`${dayOf(day)}T13:00:00Z`),
        day: dayOf(day),
        visitorHash: visitor.padEnd(32, "0"),
        name,
        path: "/signup",
      });
      await t.database.db.insert(goalEvents).values([
        goal(5, "a", "Signup"),
        goal(5, "a", "Signup"),
        goal(5, "b", "Signup"),
        goal(5, "c", "File download"),
        // A goal on the 7th with no page view that day: counted, under no source.
        goal(7, "d", "Signup"),
      ]);
    });
    afterAll(() => t.close());

    const traffic = async () => {
      const response = await callApi(
        t,
        owner,
        "GET",
        `/api/websites/${siteId}/health?range=${month}`,
      );
      expect(response.statusCode).toBe(200);
      const health = response.json();
      return {
        visitors: health.visitors,
        pageViews: health.pageViews,
        // The chart's figures; the day's uptime is not counted from page views.
        days: (health.days as { day: string; visitors: number; pageViews: number }[]).map(
          ({ day, visitors, pageViews }) => ({ day, visitors, pageViews }),
        ),
        topPages: health.topPages,
        topReferrers: health.topReferrers,
        devices: health.devices,
        sources: health.sources,
        campaigns: health.campaigns,
        goals: health.goals,
        countries: health.countries,
      };
    };

    it("shows the same figures from the raw rows, from the roll-ups, and after the raw rows are deleted", async () => {
      const fromRaw = await traffic();
      // Four visitor-days, seven views; the 7th has a goal and no view.
      expect(fromRaw.visitors).toBe(4);
      expect(fromRaw.pageViews).toBe(7);
      expect(fromRaw.days.filter((day) => day.pageViews > 0)).toEqual([
        { day: dayOf(5), visitors: 3, pageViews: 5 },
        { day: dayOf(6), visitors: 1, pageViews: 2 },
      ]);
      expect(fromRaw.days).toHaveLength(
        new Date(
          Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0),
        ).getUTCDate(),
      );
      expect(fromRaw).toMatchObject({
        topPages: [
          { path: "/", views: 4 },
          { path: "/menu", views: 2 },
          { path: "/signup", views: 1 },
        ],
        // Every view counts, not only the landing one: b's second view from Google too.
        topReferrers: [
          { host: null, visitors: 3, views: 5 },
          { host: "google.com", visitors: 1, views: 2 },
        ],
        devices: { mobile: 1, tablet: 1, desktop: 2 },
      });
      expect(fromRaw).toMatchObject({
        sources: [
          {
            source: null,
            visitors: 2,
            conversions: [{ goal: "File download", visitors: 1, rate: 50 }],
          },
          {
            source: "google.com",
            visitors: 1,
            conversions: [{ goal: "Signup", visitors: 1, rate: 100 }],
          },
          {
            source: "newsletter",
            visitors: 1,
            conversions: [{ goal: "Signup", visitors: 1, rate: 100 }],
          },
        ],
        campaigns: [
          {
            source: "newsletter",
            medium: "email",
            campaign: "fall",
            visitors: 1,
            conversions: [{ goal: "Signup", visitors: 1, rate: 100 }],
          },
        ],
        // Four visitor-days landed; three reached Signup (one with no view that day).
        goals: [
          { name: "Signup", visitors: 3, completions: 4, rate: 75 },
          { name: "File download", visitors: 1, completions: 1, rate: 25 },
        ],
        countries: [
          { country: "US", visitors: 2 },
          { country: "DE", visitors: 1 },
          { country: null, visitors: 1 },
        ],
      });

      // Part rolled up, as the hourly job would have on the 7th: the 5th only is final.
      expect(await rollUpPageViews(t.database.db, new Date(`${dayOf(7)}T12:00:00Z`))).toBe(1);
      expect(await traffic()).toEqual(fromRaw);

      // Rolled up in the days after the month's 7th: the 6th, and the 7th for its goal.
      expect(await rollUpPageViews(t.database.db, new Date(`${dayOf(12)}T12:00:00Z`))).toBe(2);
      expect(await traffic()).toEqual(fromRaw);

      // Today's rotation deletes the raw rows past their 13 months.
      await createSaltStore(t.database.db).salt(utcDate(today));
      expect(
        await t.database.db.select().from(pageViews).where(eq(pageViews.websiteId, siteId)),
      ).toEqual([]);
      expect(
        await t.database.db.select().from(goalEvents).where(eq(goalEvents.websiteId, siteId)),
      ).toEqual([]);
      expect(await traffic()).toEqual(fromRaw);
    });
  },
);
