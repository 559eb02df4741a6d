import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";

const HOST = "status.harbortaffy.example";

describe.each(databaseKinds)("a status page at the client's own host on %s", (kind) => {
  let t: TestApp;
  let pageId: string;

  const get = (url: string, host?: string) =>
    t.app.inject({ method: "GET", url, ...(host ? { headers: { host } } : {}) });
  const answersThePage = async () => (await get("/status.json", HOST)).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    const taffy = await aClient(db, { name: "Harbor Taffy" });
    const site = await aWebsite(db, taffy.company.id, { domain: "harbortaffy.example" });
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
});
