/**
 * `npm run bench:static`: requests/s and p99 latency for the home page and the largest JS asset,
 * gzip requested, on our server and on nginx (Debian's package, started here on loopback with
 * gzip_static, serving the same build), in alternating rounds. Target: ours >= 0.5 x nginx.
 * Loopback only, bounded: ROUNDS x 2 servers x 2 targets x SECONDS.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
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
const ourPort = await freePort();
const nginxPort = await freePort();
const ours = startServer(ourPort, {
  DATA_DIR: path.join(work, "data"),
  LOG_LEVEL: "warn",
  NODE_ENV: "test",
});
writeFileSync(
  path.join(work, "nginx.conf"),
  `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip_static on;
  etag on;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${clientDir};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri $uri/index.html =404; add_header Cache-Control "no-cache"; }
  }
}
`,
);
const nginx = spawn(NGINX, ["-c", path.join(work, "nginx.conf"), "-p", work], {
  stdio: ["ignore", "ignore", "inherit"],
});

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip" },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

try {
  await waitForReady(ours);
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`http://127.0.0.1:${nginxPort}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const results: Record<
    string,
    { ours: number[]; nginx: number[]; oursP99: number[]; nginxP99: number[] }
  > = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, urlPath] of Object.entries(targets)) {
      const entry = (results[name] ??= { ours: [], nginx: [], oursP99: [], nginxP99: [] });
      // Alternate which goes first, so neither always gets the warmer machine.
      const order = round % 2 ? ["ours", "nginx"] : ["nginx", "ours"];
      for (const who of order) {
        const port = who === "ours" ? ourPort : nginxPort;
        const r = await load(`http://127.0.0.1:${port}${urlPath}`);
        if (r.errors > 0) console.warn(`${who} ${name}: ${r.errors} errors or non-2xx answers`);
        (who === "ours" ? entry.ours : entry.nginx).push(r.rps);
        (who === "ours" ? entry.oursP99 : entry.nginxP99).push(r.p99);
      }
    }
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(`\n${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, gzip, loopback`);
  console.log(
    "target                                   ours req/s  p99 ms   nginx req/s  p99 ms   ratio",
  );
  for (const [name, r] of Object.entries(results)) {
    const ratio = mean(r.ours) / mean(r.nginx);
    console.log(
      `${name.padEnd(40)} ${mean(r.ours).toFixed(0).padStart(10)}  ${mean(r.oursP99).toFixed(1).padStart(6)}  ${mean(r.nginx).toFixed(0).padStart(11)}  ${mean(r.nginxP99).toFixed(1).padStart(6)}  ${ratio.toFixed(2).padStart(6)}${ratio >= 0.5 ? "" : "  (below 0.5)"}`,
    );
  }
} finally {
  nginx.kill("SIGTERM");
  await ours.stop();
  rmSync(work, { recursive: true, force: true });
}
