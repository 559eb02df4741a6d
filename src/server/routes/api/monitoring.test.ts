import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";
import { dayStartOf, hourOf } from "../../monitoring/site-checks";

const staffEmail = "avery@harborline.example";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe.each(databaseKinds)("the back office's monitoring view on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const ids = {} as Record<"bakery" | "down" | "fresh" | "paused" | "otherCompany", string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    await aStaffMember(t.database.db, { email: staffEmail });
    const bakery = await aClient(t.database.db, { name: "Rivera Bakery" });
    ids.bakery = (
      await aWebsite(t.database.db, bakery.company.id, { domain: "riverabakery.example" })
    ).id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, bakery.owner.email);
    const [company] = await t.database.db
      .insert(schema.companies)
      .values({ name: "Tidepool Surf" })
      .returning();
    ids.otherCompany = company!.id;
    const sites = await t.database.db
      .insert(schema.websites)
      .values([
        { companyId: company!.id, domain: "tidepool.example", plan: "Starter", status: "active" },
        {
          companyId: company!.id,
          domain: "new.tidepool.example",
          plan: "Starter",
          status: "active",
        },
        { companyId: company!.id, domain: "paused.example", plan: "Starter", status: "paused" },
      ])
      .returning();
    ids.down = sites[0]!.id;
    ids.fresh = sites[1]!.id;
    ids.paused = sites[2]!.id;
    await t.database.db.insert(schema.siteMonitors).values([
      {
        websiteId: ids.bakery,
        status: "up",
        lastCheckedAt: ago(30_000),
        lastResponseMs: 182,
        lastStatusCode: 200,
        certExpiresAt: new Date(now + 5 * DAY_MS),
      },
      {
        websiteId: ids.down,
        status: "down",
        consecutiveFailures: 3,
        lastCheckedAt: ago(20_000),
        lastCause: "http",
        lastStatusCode: 503,
        lastResponseMs: 40,
        certExpiresAt: new Date(now + 90 * DAY_MS),
      },
      // A paused site's certificate is not news.
      { websiteId: ids.paused, status: "unknown", certExpiresAt: new Date(now + 2 * DAY_MS) },
    ]);
    // An hour of checks three hours ago, rolled up as the monitor rolls each check up: into its
    // hour and into its UTC day (which is yesterday soon after midnight).
    const checked = ago(3 * HOUR_MS);
    await t.database.db.insert(schema.monitorRollups).values(
      (["hour", "day"] as const).flatMap((granularity) => {
        const periodStart = granularity === "hour" ? hourOf(checked) : dayStartOf(checked);
        return [
          { websiteId: ids.bakery, checks: 60, up: 60, responseMsSum: 60 * 180 },
          { websiteId: ids.down, checks: 60, up: 45, responseMsSum: 60 * 50 },
        ].map((rollup) => ({ ...rollup, granularity, periodStart }));
      }),
    );
    await t.database.db.insert(schema.monitorIncidents).values([
      { websiteId: ids.down, cause: "http", detail: "HTTP 503", startedAt: ago(15 * 60_000) },
      {
        websiteId: ids.bakery,
        cause: "timeout",
        detail: "no answer within 10 s",
        startedAt: ago(2 * DAY_MS),
        endedAt: ago(2 * DAY_MS - 4 * 60_000),
      },
      // Closed more than a week ago: not recent.
      {
        websiteId: ids.bakery,
        cause: "refused",
        detail: "connection refused",
        startedAt: ago(9 * DAY_MS),
        endedAt: ago(9 * DAY_MS - 60_000),
      },
    ]);
    await t.database.db.insert(schema.domains).values([
      {
        companyId: company!.id,
        domain: "tidepool.example",
        autoRenew: false,
        expiresAt: new Date(now + 3 * DAY_MS),
      },
      { companyId: company!.id, domain: "far.example", expiresAt: new Date(now + 200 * DAY_MS) },
      {
        companyId: bakery.company.id,
        domain: "riverabakery-catering.example",
        expiresAt: new Date(now + 21 * DAY_MS),
      },
    ]);
  });
  afterAll(() => t.close());

  it("is for staff only", async () => {
    expect((await callApi(t, undefined, "GET", "/api/admin/monitoring")).statusCode).toBe(401);
    expect((await callApi(t, client, "GET", "/api/admin/monitoring")).statusCode).toBe(403);
  });

  it("shows every live site's state now, down first, with its company and uptime", async () => {
    const response = await callApi(t, staff, "GET", "/api/admin/monitoring");
    expect(response.statusCode).toBe(200);
    const { sites } = response.json();
    expect(sites).toEqual([
      expect.objectContaining({
        websiteId: ids.down,
        domain: "tidepool.example",
        companyName: "Tidepool Surf",
        status: "down",
        lastStatusCode: 503,
        uptimePercent: 75,
      }),
      expect.objectContaining({
        websiteId: ids.fresh,
        status: "unknown",
        lastCheckedAt: null,
        uptimePercent: null,
      }),
      expect.objectContaining({
        websiteId: ids.bakery,
        companyName: "Rivera Bakery",
        status: "up",
        lastResponseMs: 182,
        lastStatusCode: 200,
        uptimePercent: 100,
        lastCheckedAt: ago(30_000).toISOString(),
      }),
    ]);
    // Paused sites are not monitored, so not listed.
    expect(sites.map((site: { websiteId: string }) => site.websiteId)).not.toContain(ids.paused);
    expect(response.json()).toMatchObject({
      siteCounts: { live: 3, up: 1, down: 1, unknown: 1 },
      page: 1,
      pageSize: 50,
    });
  });

  it("lists the live sites a page at a time, and refuses a page that is no number", async () => {
    const second = await callApi(t, staff, "GET", "/api/admin/monitoring?page=2&pageSize=2");
    expect(second.statusCode).toBe(200);
    expect(second.json().sites.map((site: { websiteId: string }) => site.websiteId)).toEqual([
      ids.bakery,
    ]);
    expect(second.json().siteCounts.live).toBe(3);
    for (const [query, message] of [
      ["page=0", "Page must be a whole number from 1 to"],
      ["pageSize=101", "Page size must be a whole number from 1 to 100"],
      ["page=two", "Page must be a whole number from 1 to"],
    ]) {
      const refused = await callApi(t, staff, "GET", `/api/admin/monitoring?${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
  });

  it("names every live site for the speed picker, for staff only", async () => {
    expect((await callApi(t, client, "GET", "/api/admin/monitoring/sites")).statusCode).toBe(403);
    const response = await callApi(t, staff, "GET", "/api/admin/monitoring/sites");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { websiteId: ids.fresh, domain: "new.tidepool.example", companyName: "Tidepool Surf" },
      { websiteId: ids.bakery, domain: "riverabakery.example", companyName: "Rivera Bakery" },
      { websiteId: ids.down, domain: "tidepool.example", companyName: "Tidepool Surf" },
    ]);
  });

  it("lists open incidents and those closed in the last 7 days, with their duration", async () => {
    const { openIncidents, recentIncidents } = (
      await callApi(t, staff, "GET", "/api/admin/monitoring")
    ).json();
    expect(openIncidents).toEqual([
      expect.objectContaining({
        domain: "tidepool.example",
        companyName: "Tidepool Surf",
        cause: "http",
        detail: "HTTP 503",
        startedAt: ago(15 * 60_000).toISOString(),
        endedAt: null,
        durationSeconds: null,
      }),
    ]);
    expect(recentIncidents).toEqual([
      expect.objectContaining({
        domain: "riverabakery.example",
        cause: "timeout",
        detail: "no answer within 10 s",
        durationSeconds: 240,
      }),
    ]);
  });

  it("lists certificates and domains expiring within 30 days, soonest first", async () => {
    const { expiring } = (await callApi(t, staff, "GET", "/api/admin/monitoring")).json();
    expect(
      expiring.map((item: { kind: string; name: string; daysLeft: number }) => [
        item.kind,
        item.name,
        item.daysLeft,
      ]),
    ).toEqual([
      ["domain", "tidepool.example", 3],
      ["certificate", "riverabakery.example", 5],
      ["domain", "riverabakery-catering.example", 21],
    ]);
    expect(expiring[0]).toMatchObject({ autoRenew: false, companyName: "Tidepool Surf" });
  });

  it("reads well when there is nothing to show", async () => {
    await t.database.db.delete(schema.monitorIncidents);
    await t.database.db.delete(schema.domains);
    await t.database.db.delete(schema.siteMonitors);
    const body = (await callApi(t, staff, "GET", "/api/admin/monitoring")).json();
    expect(body).toMatchObject({ openIncidents: [], recentIncidents: [], expiring: [] });
    expect(body.sites.every((site: { status: string }) => site.status === "unknown")).toBe(true);
  });
});
