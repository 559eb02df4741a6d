/**
 * `npm run bench:monitor`: one server process watching BENCH_SITES (10,000) sites every 60 s, on
 * PostgreSQL (a scratch database), with its targets on loopback addresses served by this script:
 * fast, slow (2 s), failing (503), flapping (every third check fails), HTTPS and HTTPS with a
 * certificate that expires in 5 days (signed by a certificate authority made for the run with the
 * openssl CLI and trusted through Node's NODE_EXTRA_CA_CERTS; nothing in the server changes).
 * Loopback targets are allowed by MONITOR_ALLOW_PRIVATE, as outside production by default.
 *
 * Prints, after BENCH_MONITOR_SECONDS (180) of watching:
 * - how late checks start: the server's own figure (the lateness histogram it exports at
 *   /metrics, observed as each check starts) and, from outside, the first round's: each target
 *   notes when a site's request came, and the script seeded when each site was due;
 * - checks made against the checks due, from the checks table;
 * - the server's RSS while it watches (sampled every 5 s, outside the wrk runs);
 * - the dashboard reads' p99 with wrk (as bench:load reads them) before the sites are due and
 *   while they are checked, with twice wrk's threads as the generator check.
 * Goals: p99 lateness <= 2 s, RSS <= 300 MB, reads' p99 <= 20 ms. Exits 1 when one is missed.
 * Needs wrk and openssl. BENCH_DATABASE_URL, BENCH_PORT (server) and BENCH_TARGET_PORT as in the
 * other benchmarks.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import {
  adminUrl,
  cpuSeconds,
  demoSignIn,
  milliseconds,
  readsScript,
  requireWrk,
  runWrk,
  scratchDatabase,
} from "./support";

const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const WATCH_SECONDS = Number(process.env.BENCH_MONITOR_SECONDS ?? 180);
const INTERVAL_S = 60;
const WRK_SECONDS = 10;
const CLIENTS = 20;
const GOALS = { lateP99S: 2, rssMb: 300, readsP99Ms: 20 };
const targetPort = Number(process.env.BENCH_TARGET_PORT ?? 4810);

requireWrk();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The kinds of target, their share of the sites, and where they listen. */
const KINDS = [
  { kind: "fast", share: 0.5, host: "127.0.0.2", tls: false },
  { kind: "slow", share: 0.2, host: "127.0.0.3", tls: false },
  { kind: "failing", share: 0.05, host: "127.0.0.4", tls: false },
  { kind: "flapping", share: 0.05, host: "127.0.0.5", tls: false },
  { kind: "https", share: 0.15, host: "127.0.0.6", tls: true },
  { kind: "expiring", share: 0.05, host: "127.0.0.7", tls: true },
] as const;

const work = mkdtempSync(path.join(tmpdir(), "harborline-monitor-"));

/** A certificate authority for the run, and a certificate for each HTTPS target. */
function certificates() {
  const file = (name: string) => path.join(work, name);
  const openssl = (args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "30",
      "-subj",
      "/CN=Bench CA",
    ].concat(["-keyout", file("ca.key"), "-out", file("ca.pem")]),
  );
  const issue = (host: string, days: number) => {
    writeFileSync(file(`${host}.ext`), `subjectAltName=IP:${host}\n`);
    openssl(
      ["req", "-newkey", "rsa:2048", "-nodes", "-subj", `/CN=${host}`].concat([
        "-keyout",
        file(`${host}.key`),
        "-out",
        file(`${host}.csr`),
      ]),
    );
    openssl(
      ["x509", "-req", "-in", file(`${host}.csr`), "-CA", file("ca.pem")]
        .concat(["-CAkey", file("ca.key"), "-CAcreateserial", "-days", String(days)])
        .concat(["-extfile", file(`${host}.ext`), "-out", file(`${host}.pem`)]),
    );
    return { key: readFileSync(file(`${host}.key`)), cert: readFileSync(file(`${host}.pem`)) };
  };
  return { ca: file("ca.pem"), issue };
}

/** When each site's requests came (ms since the epoch), by site number. */
const arrivals = new Map<number, number[]>();

function startTargets(issue: (host: string, days: number) => { key: Buffer; cert: Buffer }) {
  const servers: (http.Server | https.Server)[] = [];
  for (const { kind, host, tls } of KINDS) {
    const handler: http.RequestListener = (request, response) => {
      const site = Number(request.url!.split("/")[2]);
      const seen = arrivals.get(site) ?? [];
      seen.push(Date.now());
      arrivals.set(site, seen);
      const answer = (status: number) =>
        response.writeHead(status).end(status < 400 ? "ok" : "down");
      if (kind === "slow") setTimeout(() => answer(200), 2_000);
      else if (kind === "failing") answer(503);
      else if (kind === "flapping") answer(seen.length % 3 === 0 ? 500 : 200);
      else answer(200);
    };
    const server = tls
      ? https.createServer(issue(host, kind === "expiring" ? 5 : 365), handler)
      : http.createServer(handler);
    server.keepAliveTimeout = 1_000;
    server.listen(targetPort, host);
    servers.push(server);
  }
  return servers;
}

function kindOf(n: number) {
  let edge = 0;
  for (const target of KINDS) {
    edge += target.share;
    if (n < edge * SITES) return target;
  }
  return KINDS[0];
}

/** 1,000 companies (or fewer) with 10 sites each, their monitors due in a year (paused). */
async function seedSites(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set synchronous_commit = off");
    const companies = Math.ceil(SITES / 10);
    await client.query(
      `create temp table bc as select n, gen_random_uuid() as id from generate_series(0, $1::int - 1) n`,
      [companies],
    );
    await client.query(`insert into companies (id, name, billing_address)
      select id, 'Watched ' || lpad(n::text, 4, '0') || ' Co', n || ' Harbor Way, Gig Harbor, WA 98335' from bc`);
    const urls = Array.from({ length: SITES }, (_, n) => {
      const target = kindOf(n);
      return `${target.tls ? "https" : "http"}://${target.host}:${targetPort}/${target.kind}/${n}`;
    });
    await client.query(
      `insert into websites (id, company_id, domain, plan, status, check_url)
       select gen_random_uuid(), bc.id, 'site' || u.n || '.watched.example', 'Business', 'active', u.url
       from unnest($1::text[]) with ordinality as u(url, n) join bc on bc.n = (u.n - 1) / 10`,
      [urls],
    );
    await client.query(`insert into site_monitors (website_id, next_check_at)
      select id, now() + interval '1 year' from websites where check_url like '%:${targetPort}/%'`);
  } finally {
    await client.end();
  }
}

/** Makes every watched site due, spread evenly over the next interval; answers site -> due. */
async function release(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = Date.now() + 2_000;
    const rows = await client.query<{ url: string; due: Date }>(
      `update site_monitors m set next_check_at = to_timestamp($1::float8 / 1000)
         + (split_part(w.check_url, '/', 5)::int * $2::float8 / $3::int) * interval '1 millisecond'
       from websites w where w.id = m.website_id and w.check_url like '%:${targetPort}/%'
       returning w.check_url as url, m.next_check_at as due`,
      [start, INTERVAL_S * 1000, SITES],
    );
    return new Map(rows.rows.map((row) => [Number(row.url.split("/")[4]), row.due.getTime()]));
  } finally {
    await client.end();
  }
}

function rssMb(pid: number) {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** The lateness histogram the server exports: cumulative counts by upper bound in seconds. */
async function lateness(base: string) {
  const text = await (
    await fetch(`${base}/metrics`, {
      headers: { authorization: "Bearer bench-monitor-metrics-token" },
    })
  ).text();
  const buckets = [
    ...text.matchAll(/^harborline_monitor_check_lateness_seconds_bucket\{([^}]*)\} (\d+)/gm),
  ].map((match) => {
    const le = /le="([^"]+)"/.exec(match[1]!)![1]!;
    return { le: le === "+Inf" ? Infinity : Number(le), count: Number(match[2]) };
  });
  return buckets;
}

const { ca, issue } = certificates();
const targets = startTargets(issue);
const database = await scratchDatabase(adminUrl);
const port = Number(process.env.BENCH_PORT) || (await freePort());
const env = {
  NODE_ENV: "development",
  DATA_DIR: work,
  DATABASE_URL: database.url,
  LOG_LEVEL: "warn",
  SEED_DEMO: "true",
  MONITOR_INTERVAL: String(INTERVAL_S),
  MONITOR_ALLOW_PRIVATE: "true",
  METRICS_TOKEN: "bench-monitor-metrics-token",
  NODE_EXTRA_CA_CERTS: ca,
  API_RATE_LIMIT: "100000000",
};
let server = startServer(port, env, "build");
try {
  // The first start creates the tables and the demo data; the sites are seeded with it stopped.
  await waitForReady(server, 120_000);
  await server.stop();
  const seeding = performance.now();
  await seedSites(database.url);
  console.log(`Seeded ${SITES} sites in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);
  server = startServer(port, env, "build");
  await waitForReady(server, 120_000);
  const pid = server.child.pid!;
  const base = server.url;

  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    cookies.push(await demoSignIn(base, "client"));
  }
  const script = path.join(work, "reads.lua");
  writeFileSync(script, readsScript(cookies));
  const reads = (threads: number) =>
    runWrk({
      url: base,
      script,
      threads,
      connections: CLIENTS,
      seconds: WRK_SECONDS,
      serverPid: pid,
    });
  await runWrk({ url: base, script, threads: 1, connections: CLIENTS, seconds: 3, serverPid: pid });
  const idleReads = await reads(2);
  const idleRss = rssMb(pid);
  console.log(`Load average ${load()} before the sites were due.`);

  const due = await release(database.url);
  const released = Date.now();
  const cpuAtRelease = cpuSeconds(pid);
  const before = await lateness(base);
  const rss: number[] = [];
  const sample = async (until: number) => {
    while (Date.now() < until) {
      rss.push(rssMb(pid));
      await sleep(5_000);
    }
  };
  // Watch a first interval and a half, read under load, then watch to the end.
  await sample(released + 90_000);
  const busyReads = await reads(2);
  const busyReadsDoubled = await reads(4);
  await sample(released + WATCH_SECONDS * 1000);
  const after = await lateness(base);
  const watchCpu =
    cpuSeconds(pid) - cpuAtRelease - busyReads.serverCpu - busyReadsDoubled.serverCpu;
  const watchWall = (Date.now() - released) / 1000 - 2 * WRK_SECONDS;
  const loadAtEnd = load();

  // The server's figure: the share of checks started within each bound.
  const count = (buckets: typeof after, le: number) => buckets.find((b) => b.le === le)?.count ?? 0;
  const total = count(after, Infinity) - count(before, Infinity);
  const within = (le: number) => (count(after, le) - count(before, le)) / total;
  // From outside: the first check of each site against when the script made it due.
  const firstLate = [...due].flatMap(([site, at]) => {
    const first = arrivals.get(site)?.[0];
    return first === undefined ? [] : [(first - at) / 1000];
  });
  const neverChecked = SITES - firstLate.length;
  const checks = await new pg.Client({ connectionString: database.url });
  await checks.connect();
  const made = Number(
    (await checks.query(`select count(*)::int as n from monitor_checks`)).rows[0].n,
  );
  await checks.end();
  const expected = Math.floor((WATCH_SECONDS / INTERVAL_S) * SITES);

  console.log(
    `\n${SITES} sites every ${INTERVAL_S} s, one server process on PostgreSQL, watched ${WATCH_SECONDS} s; load average ${loadAtEnd} at the end.`,
  );
  console.log(`Checks started (server's histogram, ${total} checks):`);
  for (const le of [0.5, 1, 2, 5, 10, 30, 60])
    console.log(
      `  within ${String(le).padStart(4)} s of schedule: ${(within(le) * 100).toFixed(2)}%`,
    );
  const lateOk = within(GOALS.lateP99S) >= 0.99;
  console.log(
    `  p99 within ${GOALS.lateP99S} s: ${lateOk ? "yes" : "NO"} (${(within(GOALS.lateP99S) * 100).toFixed(2)}% within)`,
  );
  console.log(
    `First round, seen by the targets: p50 ${percentile(firstLate, 50).toFixed(2)} s, p99 ${percentile(firstLate, 99).toFixed(2)} s, ` +
      `worst ${Math.max(...firstLate).toFixed(2)} s late; ${neverChecked} sites never checked.`,
  );
  console.log(`Checks recorded: ${made} (about ${expected} due in ${WATCH_SECONDS} s).`);
  // What the watching costs, whatever share of the machine the server was given.
  const perCheckMs = (watchCpu * 1000) / Math.max(1, made);
  console.log(
    `Server CPU outside the wrk runs: ${watchCpu.toFixed(1)} s in ${watchWall.toFixed(0)} s ` +
      `(${((watchCpu / watchWall) * 100).toFixed(0)}% of one core); ${perCheckMs.toFixed(1)} ms per check recorded, ` +
      `so ${SITES} sites a minute need about ${((perCheckMs * SITES) / INTERVAL_S / 10).toFixed(0)}% of one core.`,
  );
  const rssMax = Math.max(...rss);
  const rssOk = rssMax <= GOALS.rssMb;
  console.log(
    `RSS: ${idleRss.toFixed(0)} MB before; while watching median ${percentile(rss, 50).toFixed(0)} MB, max ${rssMax.toFixed(0)} MB (goal ${GOALS.rssMb} MB): ${rssOk ? "yes" : "NO"}`,
  );
  const row = (label: string, run: Awaited<ReturnType<typeof reads>>) =>
    `  ${label.padEnd(30)} ${run.rate.toFixed(0).padStart(6)}/s p50 ${run.p50.padStart(8)} p99 ${run.p99.padStart(8)} non-2xx ${run.non2xx} server ${run.serverCpu.toFixed(1)} s wrk ${run.wrkCpu.toFixed(1)} s`;
  console.log(`Dashboard reads (${CLIENTS} clients, think time 50 to 150 ms, ${WRK_SECONDS} s):`);
  console.log(row("before the sites were due, -t2", idleReads));
  console.log(row("while watching, -t2", busyReads));
  console.log(row("while watching, -t4", busyReadsDoubled));
  const readsOk = milliseconds(busyReads.p99) <= GOALS.readsP99Ms;
  const generator = Math.abs(busyReadsDoubled.rate / busyReads.rate - 1) <= 0.1;
  console.log(
    `  p99 while watching ${milliseconds(busyReads.p99).toFixed(1)} ms (goal ${GOALS.readsP99Ms} ms): ${readsOk ? "yes" : "NO"}; ` +
      `twice wrk's threads ${generator ? "kept the rate within 10%: the generator was not the limit" : "moved the rate by more than 10%"}.`,
  );
  if (!lateOk || !rssOk || !readsOk) process.exitCode = 1;
} finally {
  await server.stop();
  for (const target of targets) target.close();
  await database.drop();
  rmSync(work, { recursive: true, force: true });
}
