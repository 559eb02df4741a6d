import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { close, listen } from "../../../tests/support/local-server";
import { companies, monitorChecks, siteMonitors, websites } from "../db/schema";
import { createMonitorWorker } from "./monitor";

const quiet = { info() {}, warn() {}, error() {} };

/** A local site that answers after `delayMs`, noting when each request came and was answered. */
async function target(delayMs: number) {
  const site = { url: "", came: [] as number[], answered: [] as number[] };
  const server = http.createServer((_req, res) => {
    site.came.push(Date.now());
    setTimeout(() => {
      site.answered.push(Date.now());
      res.writeHead(200).end("ok");
    }, delayMs);
  });
  site.url = await listen(server);
  return { site, server };
}

describe.each(databaseKinds)("the monitor worker (%s)", (kind) => {
  let database: TestDatabase;
  const servers: http.Server[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => close(server)));
    await database.drop();
  });

  it("starts a site's check on time while a slow site's check is still waiting", async () => {
    const { db } = database;
    const slow = await target(2_500);
    const fast = await target(0);
    servers.push(slow.server, fast.server);
    const [company] = await db.insert(companies).values({ name: "Harbor Slow Co" }).returning();
    const [slowSite, fastSite] = await db
      .insert(websites)
      .values([
        {
          companyId: company!.id,
          domain: "slow.example",
          plan: "VPS Hosting",
          status: "active",
          checkUrl: slow.site.url,
        },
        {
          companyId: company!.id,
          domain: "fast.example",
          plan: "VPS Hosting",
          status: "active",
          checkUrl: fast.site.url,
        },
      ])
      .returning();
    const start = Date.now();
    const fastDue = start + 1_000;
    await db.insert(siteMonitors).values([
      { websiteId: slowSite!.id, nextCheckAt: new Date(start - 1_000) },
      { websiteId: fastSite!.id, nextCheckAt: new Date(fastDue) },
    ]);

    const worker = createMonitorWorker({
      db,
      settings: { agencyInbox: "staff@example.test", publicUrl: "https://www.example.test" },
      log: quiet,
      intervalMs: 60_000,
      probe: { allowPrivate: true, timeoutMs: 5_000 },
      passMs: 200,
    });
    worker.start(0);
    try {
      await expect.poll(() => fast.site.came.length, { timeout: 5_000 }).toBe(1);
      // The slow site was asked first and had not answered yet when the fast one was due.
      expect(slow.site.came[0]).toBeLessThan(fast.site.came[0]!);
      expect(fast.site.came[0]! - fastDue).toBeLessThan(1_000);
      expect(fast.site.came[0]!).toBeLessThan(slow.site.answered[0] ?? Infinity);
      await expect.poll(() => slow.site.answered.length, { timeout: 5_000 }).toBe(1);
    } finally {
      // Stopping waits for the checks in flight: both are recorded.
      await worker.stop();
    }
    expect(await db.select().from(monitorChecks)).toHaveLength(2);
  });
});
