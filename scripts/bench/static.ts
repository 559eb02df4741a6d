/**
 * `npm run bench:static`: requests/s and p99 latency for the home page and the largest JS asset,
 * gzip asked for, on our server and on nginx serving the same build as people deploy it
 * (worker_processes auto, sendfile, open_file_cache, gzip_static over precompressed HTML and
 * assets), in alternating rounds. Ours runs in production mode on PostgreSQL twice: as one
 * process, and as one process per core (WEB_CONCURRENCY=auto, with Redis), which is how nginx
 * runs. The load comes from wrk, a generator written in C; a last round gives nginx twice wrk's
 * threads and says whether that raised its figure by more than 10% (then wrk, not nginx, was the
 * limit, and the ratios are not to be trusted). Target: ours >= 0.5 x nginx, one process per
 * core as nginx has. Loopback only, bounded: (ROUNDS x 3 servers x 2 targets + 2) x SECONDS.
 * BENCH_DATABASE_URL names a server where a scratch database may be created (default: the local
 * PostgreSQL), BENCH_REDIS_URL a Redis (default: the local one).
 */
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_URL_PLACEHOLDER } from "../../src/server/plugins/page-files";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { scratchDatabase } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CORES = availableParallelism();

for (const [tool, file] of [
  ["wrk", WRK],
  ["nginx", NGINX],
]) {
  if (!existsSync(file!)) {
    console.error(`${tool} is missing (${file}). On Debian: apt-get install -y wrk nginx-light`);
    process.exit(1);
  }
}

const clientDir = path.resolve("dist/client");
const largestJs = readdirSync(path.join(clientDir, "assets"))
  .filter((name) => name.endsWith(".js"))
  .sort(
    (a, b) =>
      statSync(path.join(clientDir, "assets", b)).size -
      statSync(path.join(clientDir, "assets", a)).size,
  )[0];
const targets = { "home page": "/", [`largest JS (${largestJs})`]: `/assets/${largestJs}` };

const work = mkdtempSync(path.join(tmpdir(), "harborline-bench-"));
// nginx's workers run as another user (www-data) when started as root: they must read the site.
chmodSync(work, 0o755);
const nginxPort = await freePort();
const publicUrl = `http://127.0.0.1:${nginxPort}`;

// nginx's copy of the build: addresses filled in as our server fills them at start, and every
// page and asset precompressed beside itself for gzip_static.
const nginxRoot = path.join(work, "site");
cpSync(clientDir, nginxRoot, { recursive: true, dereference: true });
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
for (const file of walk(nginxRoot)) {
  if (/\.(html|xml|txt)$/.test(file)) {
    const body = readFileSync(file, "utf8").replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl);
    writeFileSync(file, body);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

// Ours in production mode, on a scratch PostgreSQL database both share: one process, and one per
// core (where there is more than one core).
const database = await scratchDatabase(adminUrl);
const production = {
  NODE_ENV: "production",
  DATABASE_URL: database.url,
  SESSION_SECRET: "bench-static-session-secret-0123456789abcdef",
  SMTP_URL: "smtp://127.0.0.1:1",
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: "warn",
};
const ours = {
  "ours, 1 process": startServer(
    await freePort(),
    { ...production, DATA_DIR: path.join(work, "one") },
    "build",
  ),
  ...(CORES > 1
    ? {
        [`ours, ${CORES} processes`]: startServer(
          await freePort(),
          {
            ...production,
            DATA_DIR: path.join(work, "per-core"),
            WEB_CONCURRENCY: "auto",
            REDIS_URL: redisUrl,
          },
          "build",
        ),
      }
    : {}),
};
writeFileSync(
  path.join(work, "nginx.conf"),
  `daemon off;
worker_processes auto;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  gzip_static on;
  etag on;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${nginxRoot};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri $uri/index.html =404; add_header Cache-Control "no-cache"; }
  }
}
`,
);
const nginx = spawn(NGINX, ["-c", path.join(work, "nginx.conf"), "-p", work], {
  stdio: ["ignore", "ignore", "inherit"],
});

/** One wrk run: requests/s, p99 in ms, and the count of errors and non-2xx answers. */
function load(url: string, threads = THREADS) {
  const out = execFileSync(
    WRK,
    [
      `-t${threads}`,
      `-c${CONNECTIONS}`,
      `-d${SECONDS}s`,
      "--latency",
      "-H",
      "Accept-Encoding: gzip",
      url,
    ],
    { encoding: "utf8" },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us"] : NaN;
  const errors = out
    .split("\n")
    .filter((line) => /Non-2xx|Socket errors/.test(line))
    .map((line) => line.trim());
  return { rps, p99: p99Ms, errors };
}

try {
  await Promise.all(Object.values(ours).map((server) => waitForReady(server)));
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`${publicUrl}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const servers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(ours).map(([name, server]) => [name, server.url])),
    nginx: publicUrl,
  };
  // Each answers the page gzipped, and the same page.
  const pages = new Set<string>();
  for (const [name, url] of Object.entries(servers)) {
    const res = await fetch(`${url}/`, { headers: { "accept-encoding": "gzip" } });
    const page = await res.text();
    if (!page.includes("<h1")) throw new Error(`${name} did not serve the home page`);
    pages.add(page);
  }
  if (pages.size !== 1) throw new Error("the servers answered different home pages");

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

  // Was wrk the limit? Give it twice the threads against nginx, the faster server.
  const base = load(`${publicUrl}/`, THREADS).rps;
  const doubled = load(`${publicUrl}/`, THREADS * 2).rps;
  const gain = doubled / base - 1;

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `\nwrk: ${ROUNDS} rounds x ${SECONDS} s, ${THREADS} threads, ${CONNECTIONS} connections, gzip, loopback; ${CORES} cores`,
  );
  console.log(`${"target".padEnd(36)} ${"server".padEnd(20)}      req/s   p99 ms   x nginx`);
  for (const [target, byServer] of Object.entries(results)) {
    const nginxRate = mean(byServer.nginx!.rps);
    for (const [name, r] of Object.entries(byServer)) {
      const ratio = mean(r.rps) / nginxRate;
      // The target is for ours as nginx runs: a process per core.
      const judged = name !== "nginx" && (CORES === 1 || name !== "ours, 1 process");
      console.log(
        `${target.padEnd(36)} ${name.padEnd(20)} ${mean(r.rps).toFixed(0).padStart(10)}  ${mean(r.p99).toFixed(1).padStart(7)}  ${ratio.toFixed(2).padStart(8)}${judged ? (ratio >= 0.5 ? "  (target 0.5: met)" : "  (target 0.5: BELOW)") : ""}`,
      );
    }
  }
  console.log(
    `\nGenerator check: nginx home page with ${THREADS} wrk threads ${base.toFixed(0)} req/s, with ${THREADS * 2} ${doubled.toFixed(0)} req/s (${(gain * 100).toFixed(1)}%): ${
      gain > 0.1
        ? "MORE THAN 10%: wrk was the limit, the figures above understate nginx"
        : "within 10%, so wrk was not the limit"
    }`,
  );
} finally {
  nginx.kill("SIGTERM");
  await Promise.all(Object.values(ours).map((server) => server.stop()));
  await database.drop();
  rmSync(work, { recursive: true, force: true });
}
