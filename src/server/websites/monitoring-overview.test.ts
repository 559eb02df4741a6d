import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitoringOverviewQuerySchema } from "@shared/schemas/monitoring-overview";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aClient, aWebsite } from "../../../tests/support/factories";
import { monitorRollups, siteMonitors } from "../db/schema";
import { liveSites, monitoringOverview } from "./monitoring-overview";

const now = new Date("2026-11-27T12:00:00.000Z");

describe.each(databaseKinds)("the monitoring overview's live sites (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    const { company } = await aClient(db);
    const site = async (domain: string, state?: "up" | "down", status = "active") => {
      const { id } = await aWebsite(db, company.id, { domain, status });
      if (state) await db.insert(siteMonitors).values({ websiteId: id, status: state });
      return id;
    };
    const upId = await site("anchor.example", "up");
    await site("buoy.example", "down");
    await site("cove.example");
    await site("dock.example", "up");
    await site("ebb.example", "down", "paused");
    // Today's checks of the first site: 3 of 4 answered.
    await db.insert(monitorRollups).values({
      websiteId: upId,
      granularity: "hour",
      periodStart: new Date("2026-11-27T11:00:00.000Z"),
      checks: 4,
      up: 3,
    });
  });
  afterAll(() => database.drop());

  const page = (page: number, pageSize: number) =>
    monitoringOverview(database.db, monitoringOverviewQuerySchema.parse({ page, pageSize }), now);

  it("counts every live site's state, and lists a page of them, down first", async () => {
    const first = await page(1, 2);
    // The paused site is not live: not counted, not listed.
    expect(first.siteCounts).toEqual({ live: 4, up: 2, down: 1, unknown: 1 });
    expect(first.sites.map((site) => [site.domain, site.status])).toEqual([
      ["buoy.example", "down"],
      ["cove.example", "unknown"],
    ]);
    expect(first).toMatchObject({ page: 1, pageSize: 2 });
    const second = await page(2, 2);
    expect(second.sites.map((site) => [site.domain, site.status, site.uptimePercent])).toEqual([
      ["anchor.example", "up", 75],
      ["dock.example", "up", null],
    ]);
    expect((await page(3, 2)).sites).toEqual([]);
  });

  it("names every live site, by domain, for the speed picker", async () => {
    expect((await liveSites(database.db)).map((site) => site.domain)).toEqual([
      "anchor.example",
      "buoy.example",
      "cove.example",
      "dock.example",
    ]);
  });
});
