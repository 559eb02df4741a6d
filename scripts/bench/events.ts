/**
 * `npm run bench:events`: visitor analytics ingestion (POST /api/events) on PostgreSQL, loopback
 * only, bounded. Starts the built server in production mode on a scratch database, registers a
 * website (real-user speed on), then loads it with wrk (its own process) posting text/plain page
 * views, and one in three a page's vitals, with the site's
 * Origin and varied user agents and paths: once with BENCH_CONNECTIONS connections, then with
 * twice the connections and wrk threads. If the second run's rate is not >10% higher, the load
 * generator was not the bottleneck. Prints events/s, p50/p99, CPU seconds of wrk and of the
 * server, and checks the page_views and web_vitals rows against the 2xx answers wrk counted.
 * Needs wrk: `apt-get install -y wrk` (Debian/Ubuntu). BENCH_DATABASE_URL names a server where
 * a scratch database may be created (default: the local PostgreSQL); BENCH_SECONDS the duration.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { query, requireWrk, runWrk, scratchDatabase, type WrkRun } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

requireWrk();

const SITE_ORIGIN = "http://127.0.0.1:8080";
const lua = (siteKey: string) => `
-- Page views as /js/hl.js sends them, from one site's origin, varied browsers and pages; one
-- request in three is a page's vitals as /js/hl-vitals.js sends them.
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
  local body
  if n % 3 == 0 then
    body = '{"type":"vitals","site":"${siteKey}","url":"${SITE_ORIGIN}' .. paths[n % #paths + 1] ..
      '","width":' .. widths[n % #widths + 1] .. ',"metrics":{"lcp":' .. (900 + n % 3000) ..
      ',"inp":' .. (40 + n % 400) .. ',"cls":0.0' .. (n % 9) .. ',"fcp":' .. (600 + n % 900) ..
      ',"ttfb":' .. (120 + n % 500) .. '}}'
  else
    body = '{"site":"${siteKey}","url":"${SITE_ORIGIN}' .. paths[n % #paths + 1] ..
      '","referrer":"https://www.google.com/","width":' .. widths[n % #widths + 1] .. '}'
  end
  return wrk.format("POST", "/api/events", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["Origin"] = "${SITE_ORIGIN}",
    ["User-Agent"] = agents[n % #agents + 1] .. " v" .. (n % 997),
  }, body)
end
`;

const database = await scratchDatabase(adminUrl);
const databaseUrl = database.url;
const work = mkdtempSync(path.join(tmpdir(), "harborline-events-"));
const port = await freePort();
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
  await query(databaseUrl, "delete from page_views");
  await query(databaseUrl, "delete from web_vitals");
  const countRows = async () =>
    Number(
      (
        await query(
          databaseUrl,
          "select (select count(*) from page_views) + (select count(*) from web_vitals) as n",
        )
      ).rows[0].n,
    );

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
    // Past one flush window (250 ms) the buffer is written: count what landed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await countRows();
    runs.push(run);
    const ok = run.requests - run.non2xx;
    const stored = after - before;
    console.log(
      `\nwrk -t${threads} -c${connections} -d${SECONDS}s: ${run.rate.toFixed(0)} events/s, ` +
        `p50 ${run.p50}, p99 ${run.p99}, non-2xx ${run.non2xx}, socket errors: ${run.socketErrors}`,
    );
    console.log(
      `  CPU over the run: server ${run.serverCpu.toFixed(1)} s, wrk ${run.wrkCpu.toFixed(1)} s ` +
        `(of ${(SECONDS * 2).toFixed(0)} core-seconds on this machine's 2 cores)`,
    );
    // wrk stops with up to one request in flight per connection: the server may have taken
    // those too, so the rows may exceed wrk's count by at most the connections.
    const extra = stored - ok;
    const matches = ok > 0 && extra >= 0 && extra <= connections;
    console.log(
      `  2xx answers counted by wrk: ${ok}; rows in page_views and web_vitals: ${stored} ` +
        `(${extra >= 0 ? "+" : ""}${extra}: ${matches ? "match, none lost" : "MISMATCH"})`,
    );
    if (!matches) process.exitCode = 1;
  }
  const gain = runs[1]!.rate / runs[0]!.rate - 1;
  console.log(
    `\nDoubling wrk's threads and connections changed the rate by ${(gain * 100).toFixed(1)}%: ` +
      (gain <= 0.1
        ? "the generator was not the bottleneck."
        : "more than 10%: the generator may have limited the first run."),
  );
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
}
