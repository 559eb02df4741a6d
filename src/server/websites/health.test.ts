import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import * as schema from "../db/schema";
import { utcDay } from "./figures";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe.each(databaseKinds)("a website's health page on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let companyId: string;
  let otherCompanyId: string;
  let siteId: string;
  let buildingId: string;
  let othersSiteId: string;
  const now = new Date();
  const hourIsToday =
    Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS >=
    Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const twoHoursAgoIso = () =>
    new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInAs(t, "owner@tidepool.example");
    other = await signInAs(t, "owner@elsewhere.example");
    companyId = await companyOf(t, "owner@tidepool.example");
    otherCompanyId = await companyOf(t, "owner@elsewhere.example");
    const db = t.database.db;
    const [site, building, othersSite] = await db
      .insert(schema.websites)
      .values([
        { companyId, domain: "tidepool.example", plan: "Business", status: "active" },
        { companyId, domain: "shop.tidepool.example", plan: "Starter", status: "building" },
        {
          companyId: otherCompanyId,
          domain: "tidepool.example",
          plan: "Business",
          status: "active",
        },
      ])
      .returning();
    siteId = site!.id;
    buildingId = building!.id;
    othersSiteId = othersSite!.id;

    const view = (
      websiteId: string,
      daysBack: number,
      hash: string,
      path: string,
      referrerHost: string | null,
      device: "mobile" | "tablet" | "desktop",
    ) => ({
      websiteId,
      occurredAt: new Date(now.getTime() - daysBack * DAY_MS),
      day: utcDay(now, daysBack),
      visitorHash: hash.padEnd(32, "0"),
      path,
      referrerHost,
      device,
    });
    await db.insert(schema.pageViews).values([
      // Today: a from Google sees two pages on a phone, b comes straight in on a desktop.
      view(siteId, 0, "a", "/", "www.google.com", "mobile"),
      view(siteId, 0, "a", "/menu", "www.google.com", "mobile"),
      view(siteId, 0, "b", "/", null, "desktop"),
      // Three days ago the same hash is another visitor: hashes mean nothing across days.
      view(siteId, 3, "a", "/menu", "www.google.com", "tablet"),
      // Outside the 30 days, and another company's site: not counted.
      view(siteId, 30, "c", "/old", "old.example", "desktop"),
      view(othersSiteId, 0, "d", "/secret", "leak.example", "desktop"),
    ]);
    const today = new Date(`${utcDay(now)}T00:00:00Z`).getTime();
    const twoHoursAgo = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS);
    await db.insert(schema.monitorRollups).values([
      {
        websiteId: siteId,
        granularity: "day",
        periodStart: new Date(today - DAY_MS),
        checks: 1440,
        up: 1438,
        responseMsSum: 1438 * 200,
      },
      {
        websiteId: siteId,
        granularity: "hour",
        periodStart: twoHoursAgo,
        checks: 60,
        up: 59,
        responseMsSum: 59 * 180,
      },
      ...[buildingId, othersSiteId].flatMap((websiteId) => [
        {
          websiteId,
          granularity: "hour" as const,
          periodStart: new Date(now.getTime() - 2 * HOUR_MS),
          checks: 60,
          up: 60,
          responseMsSum: 60 * 180,
        },
      ]),
    ]);
    await db.insert(schema.monitorIncidents).values([
      {
        websiteId: siteId,
        cause: "http",
        detail: "HTTP 503",
        startedAt: new Date(now.getTime() - 3 * DAY_MS),
        endedAt: new Date(now.getTime() - 3 * DAY_MS + 300_000),
      },
      {
        websiteId: siteId,
        cause: "timeout",
        detail: "old",
        startedAt: new Date(now.getTime() - 40 * DAY_MS),
        endedAt: new Date(now.getTime() - 40 * DAY_MS + 60_000),
      },
      {
        websiteId: siteId,
        cause: "refused",
        detail: "connection refused",
        startedAt: new Date(now.getTime() - 600_000),
      },
    ]);
    await db.insert(schema.siteMonitors).values([
      {
        websiteId: siteId,
        status: "down",
        lastCheckedAt: new Date(now.getTime() - 30_000),
        // A refused connection fails at once: that is no response time.
        consecutiveFailures: 3,
        lastCause: "refused",
        lastResponseMs: 1,
        certExpiresAt: new Date("2031-05-01T12:00:00Z"),
      },
      { websiteId: buildingId, status: "up" },
    ]);
    await db.insert(schema.domains).values([
      {
        companyId,
        domain: "tidepool.example",
        autoRenew: false,
        expiresAt: new Date("2030-02-03T00:00:00Z"),
      },
      {
        companyId: otherCompanyId,
        domain: "shop.tidepool.example",
        expiresAt: new Date("2029-01-01T00:00:00Z"),
      },
    ]);
    const month = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
        .toISOString()
        .slice(0, 10);
    await db.insert(schema.bandwidthUsage).values([
      { websiteId: siteId, day: month(0), bytes: 1_000 },
      { websiteId: siteId, day: month(2), bytes: 5_000 },
      { websiteId: siteId, day: month(2).replace(/-01$/, "-15"), bytes: 7_000 },
      { websiteId: siteId, day: month(12), bytes: 9_999 },
      { websiteId: othersSiteId, day: month(0), bytes: 4_000 },
    ]);
  });
  afterAll(() => t.close());

  it("answers with the last 30 days' series, measured from the rows", async () => {
    const response = await callApi(t, owner, "GET", `/api/websites/${siteId}/health`);
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.website).toMatchObject({
      id: siteId,
      domain: "tidepool.example",
      monthlyVisitors: 3,
      // 30 days: yesterday's day roll-up (1,438 of 1,440) and today's hours (59 of 60), as the
      // monitor writes both; before 02:00 UTC the hour is yesterday's, which its day row omits.
      uptimePercent: hourIsToday ? 99.8 : 99.86,
      health: "down",
      bandwidthBytes: 1_000,
    });
    expect(health.range).toBe("30d");
    expect(health.from).toBe(utcDay(now, 29));
    expect(health.to).toBe(utcDay(now));
    expect(health.checkIntervalSeconds).toBe(60);
    expect(health.days).toHaveLength(30);
    expect(health.visitors).toBe(3);
    expect(health.days[29]).toEqual({
      day: utcDay(now),
      visitors: 2,
      pageViews: 3,
      uptimePercent: null,
      responseMs: null,
      maintenanceChecks: 0,
    });
    expect(health.days[28]).toEqual({
      day: utcDay(now, 1),
      visitors: 0,
      pageViews: 0,
      uptimePercent: 99.86,
      responseMs: 200,
      maintenanceChecks: 0,
    });
    expect(health.days[26]).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(health.pageViews).toBe(4);
    expect(health.topPages).toEqual([
      { path: "/", views: 2 },
      { path: "/menu", views: 2 },
    ]);
    expect(health.topReferrers).toEqual([
      { host: "www.google.com", visitors: 2, views: 3 },
      { host: null, visitors: 1, views: 1 },
    ]);
    expect(health.devices).toEqual({ mobile: 1, tablet: 1, desktop: 1 });
    // The range's uptime from the day roll-ups; the last check failed: a cause, no response time.
    expect(health.uptime).toMatchObject({
      percent: 99.86,
      status: "down",
      lastResponseMs: null,
      lastCause: "refused",
    });
    expect(health.responseTimes.granularity).toBe("day");
    expect(health.responseTimes.points).toHaveLength(30);
    expect(health.responseTimes.points[28]).toEqual({
      at: `${utcDay(now, 1)}T00:00:00.000Z`,
      responseMs: 200,
      maintenance: false,
    });
    expect(
      health.uptime.incidents.map((i: { cause: string; endedAt: string | null }) => [
        i.cause,
        i.endedAt === null,
      ]),
    ).toEqual([
      ["refused", true],
      ["http", false],
    ]);
    expect(health.uptime.incidents[1].durationSeconds).toBe(300);
    expect(health.uptime.incidents[0].durationSeconds).toBeGreaterThanOrEqual(600);
    expect(health.certificateExpiresAt).toBe("2031-05-01T12:00:00.000Z");
    expect(health.domain).toEqual({ expiresAt: "2030-02-03T00:00:00.000Z", autoRenew: false });
    expect(health.bandwidth.months).toHaveLength(12);
    expect(health.bandwidth.months.at(-1)).toEqual({
      month: utcDay(now).slice(0, 7),
      bytes: 1_000,
    });
    expect(health.bandwidth.months.at(-3).bytes).toBe(12_000);
    expect(
      health.bandwidth.months.reduce((sum: number, m: { bytes: number }) => sum + m.bytes, 0),
    ).toBe(13_000);
    expect(health.bandwidth.thisMonthBytes).toBe(1_000);
  });

  it("answers a week per hour, a calendar month per day, and refuses any other range", async () => {
    const week = await callApi(t, owner, "GET", `/api/websites/${siteId}/health?range=7d`);
    expect(week.statusCode).toBe(200);
    const health = week.json();
    expect(health).toMatchObject({ range: "7d", from: utcDay(now, 6), to: utcDay(now) });
    expect(health.days).toHaveLength(7);
    // Three days ago's visitor is in the week; the hourly roll-ups give uptime and response.
    expect(health.visitors).toBe(3);
    expect(health.uptime.percent).toBe(98.33);
    const { granularity, points } = health.responseTimes;
    expect(granularity).toBe("hour");
    expect(points.length).toBe(6 * 24 + now.getUTCHours() + 1);
    const hour = points.find((p: { at: string }) => p.at === twoHoursAgoIso());
    expect(hour).toEqual({ at: twoHoursAgoIso(), responseMs: 180, maintenance: false });

    const month = utcDay(now).slice(0, 7);
    const thisMonth = await callApi(
      t,
      owner,
      "GET",
      `/api/websites/${siteId}/health?range=${month}`,
    );
    expect(thisMonth.statusCode).toBe(200);
    expect(thisMonth.json()).toMatchObject({ range: month, from: `${month}-01`, to: utcDay(now) });
    expect(thisMonth.json().days).toHaveLength(now.getUTCDate());
    expect(thisMonth.json().responseTimes.granularity).toBe("day");

    const past = await callApi(t, owner, "GET", `/api/websites/${siteId}/health?range=2025-02`);
    expect(past.json()).toMatchObject({ from: "2025-02-01", to: "2025-02-28", visitors: 0 });
    expect(past.json().days).toHaveLength(28);

    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    for (const range of ["14d", "2025-13", "last-month", next.toISOString().slice(0, 7)]) {
      const bad = await callApi(t, owner, "GET", `/api/websites/${siteId}/health?range=${range}`);
      expect(bad.statusCode, range).toBe(400);
      expect(bad.json().errors, range).toEqual({ range: expect.stringMatching(/^Range must/) });
    }
  });

  it("shows a site that is not live without uptime or status", async () => {
    const response = await callApi(t, owner, "GET", `/api/websites/${buildingId}/health`);
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.website).toMatchObject({ status: "building", uptimePercent: null, health: null });
    expect(health.uptime).toMatchObject({ percent: null, status: null, incidents: [] });
    expect(health.domain).toBeNull();
    expect(health.days.every((d: { visitors: number }) => d.visitors === 0)).toBe(true);
    expect(health.topPages).toEqual([]);
    expect(health.bandwidth.thisMonthBytes).toBe(0);
  });

  it("answers 404 for another company's website or an unknown one, and 401 signed out", async () => {
    for (const url of [
      `/api/websites/${othersSiteId}/health`,
      "/api/websites/00000000-0000-4000-8000-000000000000/health",
    ]) {
      const response = await callApi(t, owner, "GET", url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: "Website not found" });
    }
    const theirs = await callApi(t, other, "GET", `/api/websites/${othersSiteId}/health`);
    expect(theirs.json().topPages).toEqual([{ path: "/secret", views: 1 }]);
    const bad = await callApi(t, owner, "GET", "/api/websites/not-an-id/health");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const signedOut = await callApi(t, undefined, "GET", `/api/websites/${siteId}/health`);
    expect(signedOut.statusCode).toBe(401);
  });
});
