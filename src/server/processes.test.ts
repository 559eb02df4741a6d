import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../../tests/support/database";
import {
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from "../../tests/support/server-process";

const redisUrl = process.env.TEST_REDIS_URL;

/** The ids of a process's children that run the server entry, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // The parent's id is the second field after the command, which is in parentheses.
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        // Not tsx's compiler, say, which runs beside the entry when it runs from its sources.
        const entry = readFileSync(`/proc/${name}/cmdline`, "utf8").includes("server/main.");
        return parent === pid && entry ? [Number(name)] : [];
      } catch {
        return []; // Gone while being read.
      }
    });
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Status codes of GET / on that many new connections, one after another. */
async function homePageStatuses(port: number, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push(
      await new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end();
      }),
    );
  }
  return statuses;
}

// Each test starts real server processes: allow for a slow, busy machine.
describe.runIf(process.env.TEST_DATABASE_URL && redisUrl)(
  "WEB_CONCURRENCY: several server processes on one port",
  { timeout: 120_000 },
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-processes-"));
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await createPostgresDatabase();
    });
    afterAll(async () => {
      await dropPostgresDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const start = (port: number): ServerProcess =>
      startServer(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl!,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "warn",
      });

    it("serves from each process, replaces one that stops, and stops them all on SIGTERM", async () => {
      const server = start(await freePort());
      try {
        await waitForReady(server);
        await until("both processes", () =>
          server.output().includes("in 2 server processes") ? true : undefined,
        );
        const first = childrenOf(server.child.pid!);
        expect(first).toHaveLength(2);

        // With one process gone, the other answers every new connection.
        process.kill(first[0]!, "SIGKILL");
        expect(await homePageStatuses(server.port, 20)).toEqual(Array(20).fill(200));
        const second = await until("a replacement", () => {
          const now = childrenOf(server.child.pid!);
          return now.length === 2 && !now.includes(first[0]!) ? now : undefined;
        });
        expect(server.output()).toMatch(/A server process stopped \(exit code SIGKILL\)/);

        // And with the other original gone, the replacement answers them.
        await until("the replacement listening", () =>
          server.output().split("in 2 server processes").length > 2 ? true : undefined,
        );
        process.kill(first[1]!, "SIGKILL");
        expect(await homePageStatuses(server.port, 20)).toEqual(Array(20).fill(200));

        const survivors = await until("the second replacement", () => {
          const now = childrenOf(server.child.pid!);
          return now.length === 2 && !now.includes(first[1]!) ? now : undefined;
        });
        expect(await server.stop()).toBe(0);
        for (const pid of [...second, ...survivors]) expect(existsSync(`/proc/${pid}`)).toBe(false);
      } finally {
        server.child.kill("SIGKILL");
      }
    });

    it("stops them all, with an error, when one cannot start", async () => {
      // The port is taken, so every process fails to listen.
      const taken = createServer();
      const port = await freePort();
      await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
      try {
        const server = start(port);
        expect(await server.exit).toBe(1);
        expect(server.output()).toMatch(/A server process failed at start/);
        expect(childrenOf(server.child.pid!)).toEqual([]);
      } finally {
        taken.close();
      }
    });
  },
);
