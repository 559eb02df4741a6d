import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  freePort,
  startServer as startProcess,
  waitForReady,
} from "../../tests/support/server-process";
import { createPostgresDatabase, dropPostgresDatabase } from "../../tests/support/database";
import { openDatabase } from "./db/client";
import { demoAdminEmail, demoClientEmail } from "./demo/seed";
import { leads, users, websites } from "./db/schema";

/** These tests run the real process entry, as `npm start` does, on a fresh data folder. */
const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = (port: number, env: Record<string, string> = {}) =>
  startProcess(port, { DATA_DIR: dataDir, ...env });

// Each test starts real server processes: allow for a slow, busy machine.
describe("the server process", { timeout: 120_000 }, () => {
  it("refuses to start a second server on the same data folder, then finishes a request in flight on SIGTERM and exits 0", async () => {
    const server = startServer(await freePort(), { LOG_LEVEL: "info" });
    try {
      await waitForReady(server);

      const second = startServer(await freePort());
      expect(await second.exit).toBe(1);
      expect(second.output()).toMatch(/is in use by another Harborline server/);

      // A lead whose body is still arriving when the signal comes.
      const body = JSON.stringify({
        name: "In Flight",
        email: "inflight@example.com",
        subject: "Sent during shutdown",
        message: "This message must be stored even though the server is stopping.",
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/api/contact",
            method: "POST",
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              // The server answers "100 Continue" once it has read the request's head: the
              // signal comes after that, however slow the machine, and before the body ends.
              expect: "100-continue",
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", reject);
        req.once("continue", () => {
          req.write(body.slice(0, 20));
          server.child.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(20)), 300);
        });
      });
      const { status, body: text } = await answer;
      expect(status).toBe(201);
      expect(JSON.parse(text).reference).toMatch(/^HL-/);
      expect(await server.exit).toBe(0);
      expect(server.output()).toMatch(/SIGTERM received/);
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  it("under load, SIGTERM lets every accepted lead finish and be stored, then exits 0", async () => {
    const loadDir = mkdtempSync(path.join(tmpdir(), "harborline-sigterm-"));
    const server = startProcess(await freePort(), {
      DATA_DIR: loadDir,
      FORM_RATE_LIMIT: "100000",
      LOG_LEVEL: "warn",
    });
    try {
      await waitForReady(server);
      const post = (i: number) =>
        fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: `Sender ${i}`,
            email: `sender${i}@example.com`,
            subject: "Sent under load",
            message: "One of many messages sent while the server stops.",
          }),
        }).then(
          (response) => response.status,
          () => 0, // refused: the server had stopped accepting
        );
      const sent: Promise<number>[] = [];
      for (let i = 0; i < 150; i++) {
        sent.push(post(i));
        if (i === 60) server.child.kill("SIGTERM");
        if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const statuses = await Promise.all(sent);
      expect(await server.exit).toBe(0);
      const created = statuses.filter((status) => status === 201).length;
      expect(created).toBeGreaterThan(0);
      expect(statuses.every((status) => [201, 503, 0].includes(status))).toBe(true);

      const database = await openDatabase({ dataDir: loadDir });
      // The messages sent here (the demo data holds an application of its own).
      const [row] = await database.db
        .select({ n: count() })
        .from(leads)
        .where(eq(leads.subject, "Sent under load"));
      await database.close();
      expect(row?.n).toBe(created);
    } finally {
      server.child.kill("SIGKILL");
      rmSync(loadDir, { recursive: true, force: true });
    }
  });

  it(
    "on a new embedded data folder, two servers started at once: one prepares and serves the demo, the other refuses",
    { timeout: 180_000 },
    async () => {
      const newDir = mkdtempSync(path.join(tmpdir(), "harborline-first-"));
      const servers = [
        startProcess(await freePort(), { DATA_DIR: newDir }),
        startProcess(await freePort(), { DATA_DIR: newDir }),
      ];
      try {
        const outcome = await Promise.race([
          // Two tsx starts, a child process each and a new database: slow on a busy machine.
          Promise.any(servers.map(async (server) => (await waitForReady(server, 150_000), server))),
          Promise.all(servers.map((server) => server.exit)).then(() => undefined),
        ]);
        expect(outcome, servers.map((server) => server.output()).join("\n")).toBeDefined();
        const serving = outcome!;
        const refused = servers.find((server) => server !== serving)!;
        expect(await refused.exit).toBe(1);
        expect(refused.output()).toMatch(/is in use by another Harborline server/);
        expect(serving.output().match(/Seeded demo data/g)).toHaveLength(1);
        // The demo is there: the demo client signs in and sees the demo website.
        const signIn = await fetch(`${serving.url}/api/login/demo`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ as: "client" }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const sites = await fetch(`${serving.url}/api/websites`, { headers: { cookie } });
        expect(((await sites.json()) as unknown[]).length).toBe(1);
      } finally {
        for (const server of servers) server.child.kill("SIGKILL");
        await Promise.all(servers.map((server) => server.exit));
        rmSync(newDir, { recursive: true, force: true });
      }
    },
  );

  it("stops at start with one line per bad setting", async () => {
    const server = startServer(await freePort(), { PORT: "eighty", SEED_DEMO: "maybe" });
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(/Invalid settings:\n {2}PORT: .*\n {2}SEED_DEMO: .*/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "the server process on a new PostgreSQL database",
  { timeout: 120_000 },
  () => {
    /** Starts `instances` servers at once on one new database; returns its users' emails. */
    async function startOnNewDatabase(instances: number, env: Record<string, string>) {
      const url = await createPostgresDatabase();
      const dirs = Array.from({ length: instances }, () =>
        mkdtempSync(path.join(tmpdir(), "harborline-pg-")),
      );
      const servers = await Promise.all(
        dirs.map(async (dir) =>
          startProcess(await freePort(), { DATA_DIR: dir, DATABASE_URL: url, ...env }),
        ),
      );
      try {
        await Promise.all(servers.map((server) => waitForReady(server)));
        const database = await openDatabase({ url });
        try {
          const emails = await database.db.select({ email: users.email }).from(users);
          const [sites] = await database.db.select({ n: count() }).from(websites);
          return { emails: emails.map((row) => row.email).sort(), websites: sites?.n };
        } finally {
          await database.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await dropPostgresDatabase(url);
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    }

    it("with SEED_DEMO=true, seeds the demo data once, even when two servers start together", async () => {
      const seeded = await startOnNewDatabase(2, { SEED_DEMO: "true" });
      expect(seeded.emails).toEqual([demoAdminEmail, demoClientEmail].sort());
      expect(seeded.websites).toBe(1);
    });

    it("without SEED_DEMO, leaves PostgreSQL empty", async () => {
      const empty = await startOnNewDatabase(1, {});
      expect(empty).toEqual({ emails: [], websites: 0 });
    });
  },
);
