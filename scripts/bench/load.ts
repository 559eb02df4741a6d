/**
 * `npm run bench:load`: a mixed load against PostgreSQL for 30 s (loopback only, bounded):
 * page views, lead posts and signed-in dashboard reads at once. Prints requests/s, p50, p99 and
 * errors for each, then checks that the stored leads equal the 201 answers (no lead lost).
 * BENCH_DATABASE_URL names a server where a scratch database may be created (default: the
 * local PostgreSQL); BENCH_SECONDS changes the duration, BENCH_LEADS the number of lead posts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LEADS = Number(process.env.BENCH_LEADS ?? 1500);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `harborline_bench_${Date.now()}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`create database "${name}"`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const work = mkdtempSync(path.join(tmpdir(), "harborline-load-"));
const port = await freePort();
const server = startServer(
  port,
  {
    DATA_DIR: work,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    API_RATE_LIMIT: "100000000",
    FORM_RATE_LIMIT: "100000000",
  },
  "build",
);
const base = `http://127.0.0.1:${port}`;

try {
  await waitForReady(server);
  const signIn = await fetch(`${base}/api/login/demo`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ as: "client" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  let lead = 0;
  const runs = {
    "page views": autocannon({
      url: base,
      connections: 16,
      duration: SECONDS,
      headers: { "accept-encoding": "br, gzip" },
      requests: [{ path: "/" }, { path: "/pricing" }, { path: "/contact" }],
    }),
    // A fixed number of posts, all answered before counting (a duration would drop the last
    // answers in flight, and the count of 201s would fall short of the stored leads).
    "lead posts": autocannon({
      url: `${base}/api/contact`,
      connections: 4,
      amount: LEADS,
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              name: `Load Tester ${++lead}`,
              email: `load${lead}@example.com`,
              subject: "Load test message",
              message: "A message sent by the load benchmark to count stored leads.",
            }),
          }),
        },
      ],
    }),
    "dashboard reads": autocannon({
      url: base,
      connections: 8,
      duration: SECONDS,
      headers: { cookie },
      requests: [{ path: "/api/websites" }, { path: "/api/domains" }, { path: "/api/tickets" }],
    }),
  };
  const results = Object.fromEntries(
    await Promise.all(Object.entries(runs).map(async ([k, run]) => [k, await run] as const)),
  );

  console.log(`\n${SECONDS} s mixed load on PostgreSQL, loopback`);
  console.log("load              req/s    p50 ms   p99 ms   errors  non-2xx");
  for (const [label, r] of Object.entries(results)) {
    console.log(
      `${label.padEnd(16)} ${r.requests.average.toFixed(0).padStart(6)}  ${String(r.latency.p50).padStart(7)}  ${String(r.latency.p99).padStart(7)}  ${String(r.errors).padStart(6)}  ${String(r.non2xx).padStart(7)}`,
    );
  }
  const created =
    (results["lead posts"]!.statusCodeStats as Record<string, { count: number }>)["201"]?.count ??
    0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string }>("select count(*) as n from leads");
  await client.end();
  const kept = Number(rows[0]?.n ?? 0);
  console.log(
    `\nleads answered 201: ${created}; leads stored: ${kept}: ${created === kept ? "none lost" : "MISMATCH"}`,
  );
  if (created !== kept) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await admin(`drop database if exists "${name}" with (force)`);
}
