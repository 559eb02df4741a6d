/**
 * `npm run bench:events`: visitor analytics ingestion (POST /api/events) on PostgreSQL, loopback
 * only, bounded. Starts the built server in production mode on a scratch database, registers a
 * website (real-user speed on), then loads it with wrk (its own process) posting text/plain
 * bodies as the tags send them, with the site's Origin and varied user agents and paths: one in
 * three a page's vitals, one in six a goal, the rest page views (a quarter of them with UTM tags).
 * Once with BENCH_CONNECTIONS connections, then with twice the connections and wrk threads.
 *
 * That the load generator was not the limit: wrk with the same script and connections against a
 * trivial endpoint (a bare Node server that reads the body and answers 202, started for the run)
 * must reach at least 1.5 times the faster events run's rate, and wrk's own CPU is printed beside
 * each run. (The doubled run's gain, printed too, says how the server does with more requests in
 * flight, not that wrk fell short: wrk's thread is mostly idle.) Prints events/s, p50/p99, CPU
 * seconds of wrk and of the server, and checks the page_views, web_vitals and goal_events rows
 * against the 2xx answers wrk counted; exits non-zero below 5,000 events/s or without the
 * generator's headroom.
 * Needs wrk: `apt-get install -y wrk` (Debian/Ubuntu). BENCH_DATABASE_URL names a server where
 * a scratch database may be created (default: the local PostgreSQL); BENCH_SECONDS the duration;
 * BENCH_PORT and BENCH_TRIVIAL_PORT the loopback ports (default: free ones).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { adminUrl, query, requireWrk, runWrk, scratchDatabase, type WrkRun } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** The rate the issue asks of the ingestion, vitals in the mix. */
const GOAL_RATE = 5000;
/** The trivial endpoint must take at least this much more than the events run got. */
const HEADROOM = 1.5;

requireWrk();

const SITE_ORIGIN = "http://127.0.0.1:8080";
const lua = (siteKey: string) => `
-- What the tags send, from one site's origin, varied browsers and pages: one request in three is
-- a page's vitals as /js/hl-vitals.js sends them, one in six a goal, the rest page views as
-- /js/hl.js sends them (one in four of those from a campaign's tagged link).
local agents = {
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
}
local paths = { "/", "/menu", "/locations", "/about", "/catering", "/blog/autumn-roasts" }
local widths = { 390, 820, 1440, 1920 }
local n = 0
request = function()
  n = n + 1
  local url = '"url":"${SITE_ORIGIN}' .. paths[n % #paths + 1] .. '"'
  local body
  if n % 3 == 0 then
    body = '{"type":"vitals","site":"${siteKey}",' .. url .. ',"width":' .. widths[n % #widths + 1] ..
      ',"metrics":{"lcp":' .. (900 + n % 3000) .. ',"inp":' .. (40 + n % 400) .. ',"cls":0.0' ..
      (n % 9) .. ',"fcp":' .. (600 + n % 900) .. ',"ttfb":' .. (120 + n % 500) .. '}}'
  elseif n % 6 == 1 then
    body = '{"type":"goal","site":"${siteKey}",' .. url .. ',"name":"Signup"}'
  elseif n % 8 == 2 then
    body = '{"site":"${siteKey}",' .. url .. ',"referrer":"","width":' .. widths[n % #widths + 1] ..
      ',"utm_source":"newsletter","utm_medium":"email","utm_campaign":"fall-menu"}'
  else
    body = '{"site":"${siteKey}",' .. url .. ',"referrer":"https://www.google.com/","width":' ..
      widths[n % #widths + 1] .. '}'
  end
  return wrk.format("POST", "/api/events", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["Origin"] = "${SITE_ORIGIN}",
    ["User-Agent"] = agents[n % #agents + 1] .. " v" .. (n % 997),
  }, body)
end
`;

/**
 * A trivial endpoint in a process of its own: reads each request's body and answers 202, nothing
 * else. What wrk reaches against it with the same script is what it can generate at the least.
 */
function startTrivialServer(port: number) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((req, res) => {
         req.resume();
         req.on("end", () => { res.statusCode = 202; res.end(); });
       }).listen(${port}, "127.0.0.1", () => console.log("ready"));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the trivial server exited (${code})`)));
  });
  return { child, port, ready, stop: () => child.kill() };
}

const envPort = (name: string) => (process.env[name] ? Number(process.env[name]) : freePort());

const database = await scratchDatabase(adminUrl);
const databaseUrl = database.url;
const work = mkdtempSync(path.join(tmpdir(), "harborline-events-"));
const port = await envPort("BENCH_PORT");
const trivial = startTrivialServer(await envPort("BENCH_TRIVIAL_PORT"));
const server = startServer(
  port,
  {
    NODE_ENV: "production",
    DATA_DIR: work,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "bench-".padEnd(48, "x"),
    SMTP_URL: "smtp://127.0.0.1:2525",
    LOG_LEVEL: "warn",
  },
  "build",
);

try {
  await waitForReady(server);
  const { rows } = await query(
    databaseUrl,
    `with company as (insert into companies (name) values ('Harbor Coffee') returning id)
     insert into websites (company_id, domain, plan, status, check_url, vitals_enabled)
     select id, 'harborcoffee.example', 'Business', 'active', $1, true from company
     returning site_key`,
    [`${SITE_ORIGIN}/`],
  );
  const script = path.join(work, "events.lua");
  writeFileSync(script, lua(rows[0].site_key as string));
  const url = `http://127.0.0.1:${port}`;
  const pid = server.child.pid!;

  // A short warm-up (JIT, connection pool, site cache, today's salt), not counted.
  await runWrk({ url, script, threads: 1, connections: 8, seconds: 3, serverPid: pid }).catch(
    () => undefined,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const tables = ["page_views", "web_vitals", "goal_events"];
  for (const table of tables) await query(databaseUrl, `delete from ${table}`);
  const countRows = async () =>
    Number(
      (
        await query(
          databaseUrl,
          `select ${tables.map((table) => `(select count(*) from ${table})`).join(" + ")} as n`,
        )
      ).rows[0].n,
    );
  const cores = availableParallelism();
  const cpuText = (run: WrkRun) =>
    `  CPU over the run: server ${run.serverCpu.toFixed(1)} s, wrk ${run.wrkCpu.toFixed(1)} s ` +
    `(${((run.wrkCpu / (SECONDS * run.threads)) * 100).toFixed(0)}% of its ${run.threads} ` +
    `thread${run.threads > 1 ? "s" : ""}; ${SECONDS * cores} core-seconds on this machine's ` +
    `${cores} cores)`;

  const runs: WrkRun[] = [];
  for (const [threads, connections] of [
    [1, CONNECTIONS],
    [2, CONNECTIONS * 2],
  ] as const) {
    const before = await countRows();
    const run = await runWrk({
      url,
      script,
      threads,
      connections,
      seconds: SECONDS,
      serverPid: pid,
    });
    // The write buffers flush every 250 ms, or sooner when full; on a busy machine the last
    // batches land later: wait until every answered event is written, or nothing more lands for
    // 3 s (at most 60 s), and say how long that took.
    const ok = run.requests - run.non2xx;
    const waitStart = Date.now();
    let after = await countRows();
    for (let still = 0; after - before < ok && still < 3000 && Date.now() - waitStart < 60_000;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = await countRows();
      still = now === after ? still + 250 : 0;
      after = now;
    }
    const drained = (Date.now() - waitStart) / 1000;
    runs.push(run);
    const stored = after - before;
    console.log(
      `\nwrk -t${threads} -c${connections} -d${SECONDS}s: ${run.rate.toFixed(0)} events/s, ` +
        `p50 ${run.p50}, p99 ${run.p99}, non-2xx ${run.non2xx}, socket errors: ${run.socketErrors}`,
    );
    console.log(cpuText(run));
    console.log(
      `  every row written ${drained.toFixed(1)} s after the run: ` +
        `${(stored / (SECONDS + drained)).toFixed(0)} rows/s written, start to last row`,
    );
    // wrk stops with up to one request in flight per connection: the server may have taken
    // those too, so the rows may exceed wrk's count by at most the connections.
    const extra = stored - ok;
    const matches = ok > 0 && extra >= 0 && extra <= connections;
    console.log(
      `  2xx answers counted by wrk: ${ok}; rows in ${tables.join(", ")}: ${stored} ` +
        `(${extra >= 0 ? "+" : ""}${extra}: ${matches ? "match, none lost" : "MISMATCH"})`,
    );
    if (!matches) process.exitCode = 1;
  }

  // The same script and connections as the first run, against the trivial endpoint.
  await trivial.ready;
  const bare = await runWrk({
    url: `http://127.0.0.1:${trivial.port}`,
    script,
    threads: 1,
    connections: CONNECTIONS,
    seconds: SECONDS,
    serverPid: trivial.child.pid!,
  });
  console.log(
    `\nThe same script, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, against a trivial endpoint: ` +
      `${bare.rate.toFixed(0)} requests/s, p50 ${bare.p50}, p99 ${bare.p99}`,
  );
  console.log(cpuText(bare));

  const events = runs[0]!.rate;
  const best = Math.max(...runs.map((run) => run.rate));
  // Against the faster events run, though that one had twice the threads and connections.
  const headroom = bare.rate / best;
  const gain = runs[1]!.rate / events - 1;
  console.log(
    `\nThe generator made ${headroom.toFixed(1)}x the faster events run's rate against the trivial ` +
      `endpoint: ${headroom >= HEADROOM ? "it was not the limit" : `under ${HEADROOM}x: it may have been the limit`}.`,
  );
  console.log(
    `Doubling wrk's threads and connections changed the rate by ${(gain * 100).toFixed(1)}% ` +
      `(wrk used ${((runs[0]!.wrkCpu / SECONDS) * 100).toFixed(0)}% of its thread in the first run).`,
  );
  const fastEnough = best >= GOAL_RATE;
  console.log(
    `Ingestion with vitals and goals in the mix: ${best.toFixed(0)} events/s, ` +
      `${fastEnough ? "at least" : "UNDER"} the ${GOAL_RATE} asked.`,
  );
  if (!fastEnough || headroom < HEADROOM) process.exitCode = 1;
} finally {
  trivial.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
}
