/**
 * `npm run bench:static`: requests/s and p99 latency for the home page and the largest JS asset,
 * gzip asked for, measured with wrk (a load generator written in C) in alternating rounds of one
 * run, as two comparisons (decision 019):
 *
 *   1. "proxy": the shipped nginx configuration (deploy/nginx) serving the exported site with the
 *      app behind it, against "nginx": nginx serving the same export with a plain static config.
 *      Both are server blocks of one nginx (worker per core, the same http settings), so the
 *      difference is our locations: headers, route mapping, brotli. Goal: proxy >= 0.95 x nginx.
 *   2. "app": the built app alone (production mode, scratch PostgreSQL database, one process),
 *      against "node:http": a bare handler in a process of its own answering the app's bytes and
 *      headers for the two paths from memory. Goal: app >= 0.8 x node:http.
 *
 * A last round gives nginx twice wrk's threads; if that raises its figure by more than 10%, wrk
 * was the limit and the ratios are not to be trusted. Loopback only, bounded: about
 * (ROUNDS x 4 servers x 2 targets + 2) x SECONDS. BENCH_DATABASE_URL names a server where a
 * scratch database may be created (default: the local PostgreSQL).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { nginxMissing, startNginx } from "../../tests/support/nginx";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { exportSite } from "../export-site";
import { milliseconds, scratchDatabase } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const missing = existsSync(WRK) ? nginxMissing() : `wrk (${WRK})`;
if (missing) {
  console.error(
    `${missing} is missing. On Debian: apt-get install -y wrk nginx-light libnginx-mod-http-brotli-static`,
  );
  process.exit(1);
}

const clientDir = path.resolve("dist/client");
const largestJs = readdirSync(path.join(clientDir, "assets"))
  .filter((name) => name.endsWith(".js"))
  .sort(
    (a, b) =>
      statSync(path.join(clientDir, "assets", b)).size -
      statSync(path.join(clientDir, "assets", a)).size,
  )[0];
const targets: Record<string, string> = {
  "home page": "/",
  [`largest JS (${largestJs})`]: `/assets/${largestJs}`,
};

/** The bare baseline: Node's HTTP server and nothing else, answering prepared bytes. */
const BARE_HANDLER = `
const answers = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
for (const answer of Object.values(answers)) answer.body = Buffer.from(answer.body, "base64");
require("node:http")
  .createServer((req, res) => {
    const answer = answers[req.url];
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, answer.headers).end(answer.body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
`;

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/** One GET with gzip asked for; the body as sent (still compressed). */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitForUrl(url: string) {
  for (let tries = 0; tries < 100; tries++) {
    if (
      await get(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** One wrk run: requests/s, p99 in ms, and any error or non-2xx line wrk printed. */
function load(url: string, threads = THREADS) {
  const out = execFileSync(
    WRK,
    [`-t${threads}`, `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency"].concat([
      "-H",
      "Accept-Encoding: gzip",
      url,
    ]),
    { encoding: "utf8" },
  );
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: milliseconds(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    errors: out
      .split("\n")
      .filter((line) => /Non-2xx|Socket errors/.test(line))
      .map((line) => line.trim()),
  };
}

const loadAtStart = loadavg();
const work = mkdtempSync(path.join(tmpdir(), "harborline-bench-"));
const [proxyPort, nginxPort, appPort, barePort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
// The proxy is the site's public address; the export and the app fill it in alike.
const publicUrl = `http://127.0.0.1:${proxyPort}`;
const servers: Record<string, string> = {
  proxy: publicUrl,
  nginx: `http://127.0.0.1:${nginxPort}`,
  app: `http://127.0.0.1:${appPort}`,
  "node:http": `http://127.0.0.1:${barePort}`,
};
const pairs = [
  { server: "proxy", baseline: "nginx", goal: 0.95 },
  { server: "app", baseline: "node:http", goal: 0.8 },
];

const siteDir = path.join(work, "site");
await exportSite(clientDir, publicUrl, siteDir);
// The app, one process in production mode on a scratch PostgreSQL database; the proxy's upstream
// and the "app" server of the second comparison (idle while the proxy is measured).
const database = await scratchDatabase(adminUrl);
const app = startServer(
  appPort,
  {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    SESSION_SECRET: "bench-static-session-secret-0123456789abcdef",
    SMTP_URL: "smtp://127.0.0.1:1",
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: path.join(work, "data"),
  },
  "build",
);
// One nginx, two server blocks: ours, and a plain static one over the same export that writes
// the same answers (types, charset, security and caching headers, Vary) with nothing else: no
// route mapping, no fallback to the app, no brotli. So the ratio is what our locations cost, not
// the bytes every answer must carry (a baseline with 5 headers instead of 20 ran up to twice as
// fast on the largest file with wrk on this 2-core machine).
const nginx = startNginx({
  work,
  proxyPort,
  appPort,
  siteDir,
  moreServers: `  server {
    listen 127.0.0.1:${nginxPort};
    root ${siteDir};
    gzip_static on;
    gzip_vary on;
    etag on;
    include harborline/types.conf;
    set $harborline_hsts "";
    set $harborline_resource_policy "same-origin";
    location /assets/ {
      include harborline/security-headers.conf;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
    }
    location / {
      include harborline/security-headers.conf;
      add_header Cache-Control "no-cache" always;
      try_files $uri $uri/index.html =404;
    }
  }`,
});
let bare: ReturnType<typeof spawn> | undefined;

try {
  await waitForReady(app, 150_000);

  // The bare handler gets the app's own answers: the same bytes, and the same headers but those
  // Node writes itself (Date, Connection, Keep-Alive).
  const answers: Record<string, { headers: Record<string, string>; body: string }> = {};
  for (const urlPath of Object.values(targets)) {
    const { headers, body } = await get(`${servers.app}${urlPath}`);
    for (const name of ["date", "connection", "keep-alive", "transfer-encoding"]) {
      delete headers[name];
    }
    answers[urlPath] = { headers, body: body.toString("base64") };
  }
  writeFileSync(path.join(work, "answers.json"), JSON.stringify(answers));
  bare = spawn(process.execPath, ["-e", BARE_HANDLER, path.join(work, "answers.json")], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await Promise.all(Object.values(servers).map((url) => waitForUrl(url)));

  // Each server answers each target 200, gzipped, with the same bytes; the proxy from nginx
  // itself, not passed to the app; each pair's two servers with the same headers.
  for (const urlPath of Object.values(targets)) {
    const bodies = new Set<string>();
    const headerNames: Record<string, string> = {};
    for (const [name, url] of Object.entries(servers)) {
      const answer = await get(`${url}${urlPath}`);
      headerNames[name] = Object.keys(answer.headers)
        .filter((header) => !["server", "last-modified", "keep-alive"].includes(header))
        .sort()
        .join(", ");
      if (answer.status !== 200 || answer.headers["content-encoding"] !== "gzip") {
        throw new Error(
          `${name} ${urlPath}: ${answer.status}, ${answer.headers["content-encoding"]}`,
        );
      }
      if (name === "proxy" && !answer.headers.server?.startsWith("nginx")) {
        throw new Error(`the proxy passed ${urlPath} to the app: is the export complete?`);
      }
      bodies.add(answer.body.toString("base64"));
    }
    if (bodies.size !== 1) throw new Error(`the servers answered different bytes for ${urlPath}`);
    for (const { server, baseline } of pairs) {
      if (headerNames[server] !== headerNames[baseline]) {
        throw new Error(
          `${server} and ${baseline} answer ${urlPath} with different headers:\n  ${headerNames[server]}\n  ${headerNames[baseline]}`,
        );
      }
    }
  }

  const results: Record<string, Record<string, { rps: number[]; p99: number[] }>> = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [target, urlPath] of Object.entries(targets)) {
      // Alternate which goes first, so none always gets the warmer machine.
      const order = Object.keys(servers);
      if (round % 2 === 0) order.reverse();
      for (const name of order) {
        const r = load(`${servers[name]}${urlPath}`);
        // Errors are answered fast: a figure that counts them is no measurement.
        if (r.errors.length > 0) throw new Error(`${name} ${target}: ${r.errors.join("; ")}`);
        const entry = ((results[target] ??= {})[name] ??= { rps: [], p99: [] });
        entry.rps.push(r.rps);
        entry.p99.push(r.p99);
      }
    }
  }

  // Was wrk the limit? Give it twice the threads against plain nginx, the fastest server.
  const base = load(`${servers.nginx}/`, THREADS).rps;
  const doubled = load(`${servers.nginx}/`, THREADS * 2).rps;
  const gain = doubled / base - 1;

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const loads = (l: number[]) => l.map((v) => v.toFixed(1)).join(", ");
  console.log(
    `\nwrk: ${ROUNDS} rounds x ${SECONDS} s, ${THREADS} threads, ${CONNECTIONS} connections, gzip, loopback; ${availableParallelism()} cores`,
  );
  console.log(
    `Load average (1, 5, 15 min): ${loads(loadAtStart)} at the start, ${loads(loadavg())} at the end`,
  );
  console.log(`\n${"target".padEnd(40)} ${"server".padEnd(10)}      req/s   p99 ms`);
  for (const [target, byServer] of Object.entries(results)) {
    for (const [name, r] of Object.entries(byServer)) {
      console.log(
        `${target.padEnd(40)} ${name.padEnd(10)} ${mean(r.rps).toFixed(0).padStart(10)}  ${mean(r.p99).toFixed(1).padStart(7)}`,
      );
    }
  }
  console.log("");
  for (const { server, baseline, goal } of pairs) {
    for (const [target, byServer] of Object.entries(results)) {
      const ratio = mean(byServer[server]!.rps) / mean(byServer[baseline]!.rps);
      console.log(
        `${`${server} / ${baseline}`.padEnd(18)} ${target.padEnd(40)} ${ratio.toFixed(2)}  (goal ${goal}: ${ratio >= goal ? "met" : "BELOW"})`,
      );
    }
  }
  console.log(
    `\nGenerator check: nginx home page with ${THREADS} wrk threads ${base.toFixed(0)} req/s, with ${THREADS * 2} ${doubled.toFixed(0)} req/s (${(gain * 100).toFixed(1)}%): ${
      gain > 0.1
        ? "MORE THAN 10%: wrk was the limit, the ratios above are not to be trusted"
        : "no gain over 10%, so wrk was not the limit"
    }`,
  );
} finally {
  bare?.kill("SIGTERM");
  nginx.kill("SIGTERM");
  await app.stop();
  await database.drop();
  rmSync(work, { recursive: true, force: true });
}
