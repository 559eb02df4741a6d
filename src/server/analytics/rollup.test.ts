import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import * as schema from "../db/schema";
import { siteFigures, utcDay } from "../websites/figures";
import { createPageViewRollupWorker, rollUpPageViews } from "./rollup";

const DAY_MS = 86_400_000;

describe.each(databaseKinds)("the daily page view roll-up on %s", (kind) => {
  let database: TestDatabase;
  let siteId: string;
  let otherSiteId: string;
  const now = new Date("2026-11-20T15:00:00Z");

  /** `visitors` distinct visitors on the day `daysBack` days ago, each seen `each` times. */
  const views = (websiteId: string, daysBack: number, visitors: number, each = 1) =>
    Array.from({ length: visitors * each }, (_, i) => ({
      websiteId,
      occurredAt: new Date(now.getTime() - daysBack * DAY_MS),
      day: utcDay(now, daysBack),
      // The same hashes every day: a hash means one visitor within its day only.
      visitorHash: `v${i % visitors}`.padEnd(32, "0"),
      path: "/",
      referrerHost: null,
      device: "desktop" as const,
    }));

  /** Each site's 30-day unique visitors as of `at`, as the dashboard shows them. */
  const visitorsOf = async (ids: string[], at = now) =>
    new Map(
      [
        ...(await siteFigures(
          database.db,
          ids.map((id) => ({ id, live: true })),
          at,
        )),
      ].map(([id, figures]) => [id, figures.monthlyVisitors]),
    );

  const rolledDays = async () =>
    (
      await database.db
        .select()
        .from(schema.pageViewDays)
        .orderBy(asc(schema.pageViewDays.websiteId), asc(schema.pageViewDays.day))
    ).map((row) => ({ ...row, site: row.websiteId === siteId ? "site" : "other" }));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    const [company] = await db.insert(schema.companies).values({ name: "Tidepool" }).returning();
    const [site, other] = await db
      .insert(schema.websites)
      .values([
        { companyId: company!.id, domain: "tidepool.example", plan: "Business", status: "active" },
        {
          companyId: company!.id,
          domain: "shop.tidepool.example",
          plan: "Starter",
          status: "active",
        },
      ])
      .returning();
    siteId = site!.id;
    otherSiteId = other!.id;
    await db.insert(schema.pageViews).values([
      ...views(siteId, 0, 4, 3), // today: 4 visitors, 12 views
      ...views(siteId, 1, 2), // yesterday: not final yet
      ...views(siteId, 2, 5, 2), // the latest final day
      ...views(siteId, 10, 3),
      ...views(siteId, 29, 1), // the window's first day
      ...views(siteId, 30, 7), // outside the 30 days
      ...views(otherSiteId, 3, 6),
    ]);
  });
  afterAll(() => database.drop());

  // 4 + 2 + 5 + 3 + 1: each day's visitors, summed over the 30 days.
  const expected = { site: 15, other: 6 };

  it("counts each day's visitors from the views before anything is rolled up", async () => {
    const visitors = await visitorsOf([siteId, otherSiteId]);
    expect(Object.fromEntries(visitors)).toEqual({
      [siteId]: expected.site,
      [otherSiteId]: expected.other,
    });
  });

  it("rolls up the final days only, each once, and gives the same figures after", async () => {
    expect(await rollUpPageViews(database.db, now)).toBe(5);
    const rows = await rolledDays();
    const byDay = (a: { site: string; day: string }, b: { site: string; day: string }) =>
      `${a.site} ${a.day}`.localeCompare(`${b.site} ${b.day}`);
    expect(
      rows.map(({ site, day, views, visitors }) => ({ site, day, views, visitors })).sort(byDay),
    ).toEqual(
      [
        { site: "site", day: utcDay(now, 30), views: 7, visitors: 7 },
        { site: "site", day: utcDay(now, 29), views: 1, visitors: 1 },
        { site: "site", day: utcDay(now, 10), views: 3, visitors: 3 },
        { site: "site", day: utcDay(now, 2), views: 10, visitors: 5 },
        { site: "other", day: utcDay(now, 3), views: 6, visitors: 6 },
      ].sort(byDay),
    );
    // A second pass adds nothing.
    expect(await rollUpPageViews(database.db, now)).toBe(0);
    expect(await rolledDays()).toHaveLength(5);

    const visitors = await visitorsOf([siteId, otherSiteId]);
    expect(visitors.get(siteId)).toBe(expected.site);
    expect(visitors.get(otherSiteId)).toBe(expected.other);
  });

  it("counts views that arrive after the roll-up, and catches up on the days it missed", async () => {
    // Today goes on; then the server is down for four days and views kept coming to the others.
    await database.db.insert(schema.pageViews).values(views(siteId, 0, 6));
    const later = new Date(now.getTime() + 4 * DAY_MS);
    await database.db.insert(schema.pageViews).values(views(otherSiteId, -2, 9));
    expect((await visitorsOf([siteId])).get(siteId)).toBe(expected.site + 2);

    // Back up four days later, two instances at once: between them they roll up `now`'s today
    // and yesterday and the new final day, each once.
    const passes = await Promise.all([
      rollUpPageViews(database.db, later),
      rollUpPageViews(database.db, later),
    ]);
    expect(passes[0]! + passes[1]!).toBe(3);
    expect(await rolledDays()).toHaveLength(8);
    const latest = (await rolledDays()).filter((row) => row.day > utcDay(now, 2));
    expect(latest.map(({ site, day, visitors }) => ({ site, day, visitors }))).toEqual(
      expect.arrayContaining([
        { site: "site", day: utcDay(now, 0), visitors: 6 },
        { site: "site", day: utcDay(now, 1), visitors: 2 },
        { site: "other", day: utcDay(later, 2), visitors: 9 },
      ]),
    );
    const visitors = await visitorsOf([siteId, otherSiteId], later);
    // From four days later the site's first visitor (29 days before `now`) is out of the window.
    expect(visitors.get(siteId)).toBe(expected.site + 2 - 1);
    expect(visitors.get(otherSiteId)).toBe(expected.other + 9);
  });

  it("runs as a worker: a pass at start, then on its interval", async () => {
    const later = new Date(now.getTime() + 10 * DAY_MS);
    await database.db.insert(schema.pageViews).values(views(siteId, -7, 3));
    const errors: unknown[] = [];
    const worker = createPageViewRollupWorker({
      db: database.db,
      log: { error: (error: unknown) => errors.push(error) },
      everyMs: 60_000,
      now: () => later,
    });
    worker.start();
    await expect
      .poll(async () => (await rolledDays()).some((row) => row.day === utcDay(later, 3)))
      .toBe(true);
    await worker.stop();
    expect(errors).toEqual([]);
  });

  it("after a stop longer than its look-back, rolls up every day since the last it rolled up", async () => {
    // The last pass ran ten days after `now`; the server then stays down for 50 days.
    const later = new Date(now.getTime() + 10 * DAY_MS);
    const muchLater = new Date(later.getTime() + 50 * DAY_MS);
    await database.db.insert(schema.pageViews).values(views(siteId, -15, 4)); // 45 days before
    expect(await rollUpPageViews(database.db, muchLater)).toBe(1);
    const rows = await rolledDays();
    expect(
      rows.find((row) => row.site === "site" && row.day === utcDay(muchLater, 45)),
    ).toMatchObject({ views: 4, visitors: 4 });
  });
});
