import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aClient, aWebsite } from "../../../tests/support/factories";
import { monitorRollups } from "../db/schema";
import { monitoringOverview } from "./monitoring-overview";

const MINUTE = 60_000;
const start = Date.parse("2026-11-27T12:00:00.000Z");
const at = (minutes: number) => new Date(start + minutes * MINUTE);

describe.each(databaseKinds)("the monitoring overview's 30-day uptimes (%s)", (kind) => {
  let database: TestDatabase;
  let companyId: string;
  let siteId: string;

  /** One hour's checks of a site, as the monitor rolls them up. */
  const checked = (websiteId: string, hour: string, checks: number, up: number) =>
    database.db.insert(monitorRollups).values({
      websiteId,
      granularity: "hour",
      periodStart: new Date(hour),
      checks,
      up,
    });
  const uptimeAt = async (minutes: number, websiteId = siteId) =>
    (await monitoringOverview(database.db, at(minutes))).sites.find(
      (site) => site.websiteId === websiteId,
    )?.uptimePercent;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    companyId = (await aClient(database.db)).company.id;
    siteId = (await aWebsite(database.db, companyId, { domain: "tide.example" })).id;
    await checked(siteId, "2026-11-27T10:00:00.000Z", 100, 100);
  });
  afterAll(() => database.drop());

  it("are read at most once a minute, and the figures that follow are the new ones", async () => {
    expect(await uptimeAt(0)).toBe(100);
    // A failed hour, seen within the minute: still the figure read at 12:00.
    await checked(siteId, "2026-11-27T11:00:00.000Z", 100, 0);
    expect(await uptimeAt(0.5)).toBe(100);
    // A minute on, that request still shows it while the figures are read again...
    expect(await uptimeAt(1)).toBe(100);
    // ... and the requests after the new reading show the new figure.
    await vi.waitFor(async () => expect(await uptimeAt(1.1)).toBe(50));
  });

  it("are read at once for a site that has just gone live, or after ten minutes unseen", async () => {
    const newId = (await aWebsite(database.db, companyId, { domain: "harbor.example" })).id;
    await checked(newId, "2026-11-27T11:00:00.000Z", 10, 9);
    expect(await uptimeAt(1.2, newId)).toBe(90);
    await checked(siteId, "2026-11-27T09:00:00.000Z", 200, 200);
    expect(await uptimeAt(12)).toBe(75);
  });
});
