/**
 * `npm run bench:load`: the portal under load on PostgreSQL (loopback only, bounded), with wrk
 * (a generator written in C, in its own process).
 *
 * 1. Dashboard reads: BENCH_CLIENTS (100) signed-in clients, each on a connection and a session
 *    of its own, reading the demo company's dashboard (seeded as `npm start` seeds it): what it reads (user, websites, domains, tickets, billing,
 *    projects) with a think time of 50 to 150 ms between reads, as people clicking through the
 *    portal do. Target: p99 <= 20 ms. Run again with twice wrk's threads: if that changes the
 *    figures by more than 10%, wrk was the limit.
 * 2. The same reads while the public pages are loaded flat out and contact leads are posted, to
 *    show what a busy day does to them; the stored leads must equal the 201 answers wrk counted
 *    (give or take one request in flight per connection when wrk stops).
 * Needs wrk: `apt-get install -y wrk`. BENCH_DATABASE_URL names a server where a scratch database
 * may be created (default: the local PostgreSQL); BENCH_SECONDS the duration of each run;
 * BENCH_PORT the app's port (default: a free one).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import {
  adminUrl,
  demoSignIn,
  milliseconds,
  query,
  readsScript,
  requireWrk,
  runWrk,
  scratchDatabase,
  type WrkRun,
} from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const TARGET_P99_MS = 20;

requireWrk();

const pagesScript = `
local paths = { "/", "/pricing", "/contact" }
local n = 0
function request()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1], { ["Accept-Encoding"] = "br, gzip" })
end
`;

const leadsScript = `
local n = 0
local id = tostring(math.random(1, 1000000000))
function request()
  n = n + 1
  local body = '{"name":"Load Tester ' .. n .. '","email":"load' .. id .. '-' .. n ..
    '@example.com","subject":"Load test message","message":"A message sent by the load benchmark to count stored leads."}'
  return wrk.format("POST", "/api/contact", { ["Content-Type"] = "application/json" }, body)
end
`;

const database = await scratchDatabase(adminUrl);
const work = mkdtempSync(path.join(tmpdir(), "harborline-load-"));
const port = Number(process.env.BENCH_PORT) || (await freePort());
const server = startServer(
  port,
  {
    DATA_DIR: work,
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    // The demo company's websites, domains, tickets, plans, invoices and project: a dashboard
    // with something on it, not empty lists.
    SEED_DEMO: "true",
    API_RATE_LIMIT: "100000000",
    FORM_RATE_LIMIT: "100000000",
  },
  "build",
);
const base = `http://127.0.0.1:${port}`;
const serverPid = server.child.pid!;
const script = (name: string, text: string) => {
  const file = path.join(work, `${name}.lua`);
  writeFileSync(file, text);
  return file;
};
const row = (label: string, run: WrkRun) =>
  `${label.padEnd(34)} ${run.rate.toFixed(0).padStart(7)} ${run.p50.padStart(9)} ${run.p99.padStart(9)} ${String(run.non2xx).padStart(8)}   ${run.serverCpu.toFixed(1).padStart(5)} s ${run.wrkCpu.toFixed(1).padStart(5)} s`;
const header = `${"load".padEnd(34)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p99".padStart(9)} ${"non-2xx".padStart(8)}   server   wrk CPU`;

try {
  await waitForReady(server);
  // One session per client: the demo client signed in CLIENTS times.
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    cookies.push(await demoSignIn(base, "client"));
  }
  const reads = script("reads", readsScript(cookies));
  const pages = script("pages", pagesScript);
  const leads = script("leads", leadsScript);
  const readsRun = (threads: number) =>
    runWrk({
      url: base,
      script: reads,
      threads,
      connections: CLIENTS,
      seconds: SECONDS,
      serverPid,
    });

  // Warm-up, not counted: JIT, the connection pool, PostgreSQL's caches.
  await runWrk({
    url: base,
    script: reads,
    threads: 2,
    connections: CLIENTS,
    seconds: 3,
    serverPid,
  });

  const alone = await readsRun(2);
  const doubled = await readsRun(4);

  const leadsBefore = Number(
    (await query(database.url, "select count(*)::int as n from leads")).rows[0].n,
  );
  const [busyReads, busyPages, busyLeads] = await Promise.all([
    readsRun(2),
    runWrk({ url: base, script: pages, threads: 1, connections: 16, seconds: SECONDS, serverPid }),
    runWrk({ url: base, script: leads, threads: 1, connections: 4, seconds: SECONDS, serverPid }),
  ]);
  const stored =
    Number((await query(database.url, "select count(*)::int as n from leads")).rows[0].n) -
    leadsBefore;

  console.log(`\nPostgreSQL, loopback, ${SECONDS} s per run, ${CLIENTS} signed-in clients`);
  console.log(`(server and wrk CPU over each run; the busy runs share the server's)\n`);
  console.log(header);
  console.log(row(`dashboard reads, wrk -t2`, alone));
  console.log(row(`dashboard reads, wrk -t4`, doubled));
  console.log(row(`busy: dashboard reads`, busyReads));
  console.log(row(`busy: public pages (16 conns)`, busyPages));
  console.log(row(`busy: lead posts (4 conns)`, busyLeads));

  const p99 = milliseconds(alone.p99);
  console.log(
    `\nDashboard reads p99 ${p99.toFixed(1)} ms: ${p99 <= TARGET_P99_MS ? "within" : "OVER"} the ${TARGET_P99_MS} ms target.`,
  );
  const rateChange = doubled.rate / alone.rate - 1;
  const p99Change = milliseconds(doubled.p99) / p99 - 1;
  const generatorFree = Math.abs(rateChange) <= 0.1 && p99Change >= -0.1;
  console.log(
    `Twice wrk's threads changed the rate by ${(rateChange * 100).toFixed(1)}% and p99 by ${(p99Change * 100).toFixed(1)}%: ` +
      (generatorFree
        ? "the generator was not the limit."
        : "more than 10%: the generator may have limited the figures."),
  );
  const answered = busyLeads.requests - busyLeads.non2xx;
  const extra = stored - answered;
  const matches = answered > 0 && extra >= 0 && extra <= 4;
  console.log(
    `Leads answered 201: ${answered}; stored: ${stored} (${extra >= 0 ? "+" : ""}${extra}: ${matches ? "none lost" : "MISMATCH"}).`,
  );
  if (!matches || busyLeads.non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
}
