import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";

const HOST = "status.harbortaffy.example";

describe.each(databaseKinds)("a public status page on %s", (kind) => {
  let t: TestApp;
  let pageId: string;
  let siteId: string;

  const get = (url: string, host?: string) =>
    t.app.inject({ method: "GET", url, ...(host ? { headers: { host } } : {}) });
  const answersThePage = async () => (await get("/status.json", HOST)).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    const taffy = await aClient(db, { name: "Harbor Taffy" });
    const site = await aWebsite(db, taffy.company.id, { domain: "harbortaffy.example" });
    siteId = site.id;
    const [page] = await db
      .insert(schema.statusPages)
      .values({
        companyId: taffy.company.id,
        enabled: true,
        name: "Harbor Taffy status",
        slug: "harbor-taffy",
      })
      .returning();
    pageId = page!.id;
    await db.insert(schema.statusPageSites).values({ pageId, websiteId: site.id, position: 0 });
    await db.insert(schema.monitorIncidents).values({
      websiteId: site.id,
      cause: "manual",
      title: "Orders are slow",
      startedAt: new Date(Date.now() - 3_600_000),
    });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  it("reads the known host names at most every 30 s, so a stray host costs no query", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect(await answersThePage()).toBe(false);
    // Another process saves the host name: this one does not ask the database on each request...
    await t.database.db
      .update(schema.statusPages)
      .set({ customHost: HOST })
      .where(eq(schema.statusPages.id, pageId));
    expect(await answersThePage()).toBe(false);
    vi.setSystemTime(Date.now() + 29_000);
    expect(await answersThePage()).toBe(false);
    // ...and serves it once the names it read are 30 s old.
    vi.setSystemTime(Date.now() + 2_000);
    expect(await answersThePage()).toBe(true);
  });

  it("answers /status.json as /status/<slug>.json does: the same checked shape and headers", async () => {
    const atHost = await get("/status.json", HOST);
    const atSlug = await get("/status/harbor-taffy.json");
    expect(atHost.statusCode).toBe(200);
    expect(atHost.json().name).toBe("Harbor Taffy status");
    // Only what the published shape names: an incident's site id is ours to know.
    expect(Object.keys(atHost.json().incidents[0]).sort()).toEqual(
      ["domain", "endedAt", "id", "manual", "startedAt", "title", "updates"].sort(),
    );
    // The same text, key for key in the schema's order, but for the moment it was made.
    const made = /"generatedAt":"[^"]+"/;
    expect(atHost.body.replace(made, "")).toBe(atSlug.body.replace(made, ""));
    for (const header of ["content-type", "cache-control", "access-control-allow-origin"]) {
      expect(atHost.headers[header], header).toBe(atSlug.headers[header]);
    }
  });

  it("has each site's badge say maintenance, not down, inside a maintenance window", async () => {
    const { db } = t.database;
    await db.insert(schema.siteMonitors).values({ websiteId: siteId, status: "down" });
    const badge = async () => (await get(`/status/harbor-taffy/badge/${siteId}.svg`)).body;
    expect(await badge()).toContain("down</text>");
    const [window] = await db
      .insert(schema.maintenanceWindows)
      .values({
        companyId: (await db.select().from(schema.statusPages))[0]!.companyId,
        startsAt: new Date(Date.now() - 600_000),
        endsAt: new Date(Date.now() + 3_600_000),
        note: "Moving to a faster server.",
      })
      .returning();
    await db
      .insert(schema.maintenanceWindowSites)
      .values({ windowId: window!.id, websiteId: siteId });
    const during = await badge();
    expect(during).toContain("maintenance</text>");
    expect(during).toContain('aria-label="harbortaffy.example: maintenance,');
    expect(during).not.toContain("down");
    // Called off: the checks speak again.
    await db
      .update(schema.maintenanceWindows)
      .set({ cancelledAt: new Date() })
      .where(eq(schema.maintenanceWindows.id, window!.id));
    expect(await badge()).toContain("down</text>");
  });
});
