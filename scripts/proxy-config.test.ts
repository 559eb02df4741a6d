/*
 * The shipped nginx configuration (deploy/nginx), run for real in front of the built app: a built
 * file answered by nginx from the export must carry the same bytes and the same headers as the
 * app gives it, and everything else must pass through to the app. Needs the build (`npm test`
 * builds first) and nginx with the brotli_static module (.ci/run installs both).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "../src/shared/routes";
import {
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from "../tests/support/server-process";
import { nginxMissing, startNginx } from "../tests/support/nginx";
import { exportSite } from "./export-site";

const available = !nginxMissing() && existsSync("dist/client/app-shell.html");
if (!available && process.env.CI) {
  throw new Error(
    "CI runs the proxy test: nginx, its brotli_static module and the build are needed",
  );
}

/** Headers that differ between any two servers, or between two answers of one. */
const PER_ANSWER = new Set([
  "date",
  "server",
  "etag",
  "last-modified",
  "accept-ranges",
  "connection",
  "keep-alive",
  "x-request-id",
]);

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

function get(port: number, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          flat[res.rawHeaders[i]!.toLowerCase()] = res.rawHeaders[i + 1]!;
        }
        resolve({ status: res.statusCode!, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

describe.skipIf(!available)("the nginx configuration in front of the app", () => {
  let work: string;
  let app: ServerProcess;
  let nginx: ChildProcess;
  let proxyPort: number;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "harborline-proxy-"));
    const appPort = await freePort();
    proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    app = startServer(
      appPort,
      {
        DATA_DIR: path.join(work, "data"),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: "127.0.0.1",
        LOG_LEVEL: "warn",
      },
      "build",
    );
    await exportSite(path.resolve("dist/client"), publicUrl, path.join(work, "site"));
    nginx = startNginx({ work, proxyPort, appPort, siteDir: path.join(work, "site") });
    await waitForReady(app, 150_000);
    for (let tries = 0; tries < 100; tries++) {
      if (
        await get(proxyPort, "/healthz").then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const largestScript = () =>
    readdirSync("dist/client/assets")
      .filter((name) => name.endsWith(".js"))
      .sort()[0]!;

  const builtFiles = () => [
    `/assets/${largestScript()}`,
    "/js/hl.js",
    "/favicon.svg",
    "/robots.txt",
    ...publicRoutes,
  ];

  it.each(["br", "gzip", "identity"])(
    "answers each built file as the app does, header by header, in %s",
    async (encoding) => {
      const accept = { "accept-encoding": encoding === "identity" ? "identity" : encoding };
      for (const target of builtFiles()) {
        const [proxied, direct] = await Promise.all([
          get(proxyPort, target, accept),
          get(app.port, target, accept),
        ]);
        expect(proxied.status, target).toBe(200);
        expect(direct.status, target).toBe(200);
        // Served by nginx itself, not passed to the app.
        expect(proxied.headers.server, target).toMatch(/^nginx/);
        expect(comparable(proxied.headers), target).toEqual(comparable(direct.headers));
        expect(proxied.body.equals(direct.body), `${target}: the same bytes`).toBe(true);
      }
    },
    60_000,
  );

  it("passes API calls, portal pages and unknown paths through to the app", async () => {
    const user = await get(proxyPort, "/api/auth/user");
    expect(user.status).toBe(401);
    expect(JSON.parse(user.body.toString())).toEqual({ message: "Unauthorized" });
    expect(user.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);

    const ready = await get(proxyPort, "/readyz");
    expect(ready.status).toBe(200);
    const dashboard = await get(proxyPort, "/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.toString()).toContain('<div id="root"');
    const missing = await get(proxyPort, "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain("404 Page Not Found");
    // Pages are addressed by route only, as the app addresses them.
    expect((await get(proxyPort, "/about/index.html")).status).toBe(404);
    expect((await get(proxyPort, "/about/")).headers.location).toBe("/about");
  });
});
