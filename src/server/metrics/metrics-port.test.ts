import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../../../tests/support/database";
import { sample } from "../../../tests/support/metrics-text";
import {
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from "../../../tests/support/server-process";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const redisUrl = process.env.TEST_REDIS_URL;

/** The `process` labels of the scraped text's event-loop delay: one per server process. */
const processesIn = (text: string) =>
  [...text.matchAll(/^nodejs_eventloop_lag_p99_seconds\{process="(\d+)"\}/gm)]
    .map((match) => match[1])
    .sort();

async function stopped(server: ServerProcess, dir: string) {
  await server.stop();
  server.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

// Each test starts real server processes: allow for a slow, busy machine.
describe("METRICS_PORT", { timeout: 180_000 }, () => {
  it("answers the figures on their own port, and the site's port has no /metrics", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-metrics-"));
    const metricsPort = await freePort();
    const server = startServer(await freePort(), {
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    });
    try {
      await waitForReady(server, 150_000);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(processesIn(text)).toEqual(["0"]);
      // waitForReady's checks, counted by their route.
      const readyz = { method: "GET", route: "/readyz", status_class: "2xx", process: "0" };
      expect(
        sample(text, "harborline_http_request_duration_seconds_count", readyz),
      ).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    } finally {
      await stopped(server, dataDir);
    }
  });

  describe.runIf(process.env.TEST_DATABASE_URL && redisUrl)("with several processes", () => {
    it("the first process answers every process's figures, each labelled, behind METRICS_TOKEN", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-metrics-"));
      const databaseUrl = await createPostgresDatabase();
      const metricsPort = await freePort();
      const server = startServer(await freePort(), {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl!,
        WEB_CONCURRENCY: "2",
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: "127.0.0.1",
        METRICS_TOKEN: TOKEN,
        LOG_LEVEL: "warn",
      });
      try {
        await waitForReady(server);
        const url = `http://127.0.0.1:${metricsPort}/metrics`;
        expect((await fetch(url)).status).toBe(401);
        let text = "";
        // Both processes answer once both listen.
        const deadline = Date.now() + 60_000;
        while (processesIn(text).length < 2 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const scrape = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
          expect(scrape.status).toBe(200);
          text = await scrape.text();
        }
        expect(processesIn(text)).toEqual(["0", "1"]);
        const max = { state: "max", process: "1" };
        expect(sample(text, "harborline_db_pool_connections", max)).toBe(10);
      } finally {
        await stopped(server, dataDir);
        await dropPostgresDatabase(databaseUrl);
      }
    });
  });
});
