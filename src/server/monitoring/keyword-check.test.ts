import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aClient, aWebsite } from "../../../tests/support/factories";
import { close, listen, type Server } from "../../../tests/support/local-server";
import { monitorIncidents, outboxEmails, siteMonitors, websites } from "../db/schema";
import { runMonitorOnce } from "./monitor";
import { PAGE_READ_LIMIT_BYTES, type KeywordCheck } from "./page-keyword";
import { probe } from "./probe";

const MINUTE = 60_000;
const dev = { allowPrivate: true, timeoutMs: 3_000 };
const mustContain = (text: string): KeywordCheck => ({ text, mustBe: "present" });
const mustNotContain = (text: string): KeywordCheck => ({ text, mustBe: "absent" });

/** Writes "a" in 64 KB chunks until the client hangs up: only a bounded reader gets an answer. */
function endless(res: http.ServerResponse, first = "") {
  res.writeHead(200, { "content-type": "text/html" });
  res.write(first);
  const chunk = "a".repeat(64 * 1024);
  const more = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", more);
  };
  more();
}

describe("a keyword check of a page", () => {
  const servers: Server[] = [];
  const urls: Record<string, string> = {};
  const pages: Record<string, (res: http.ServerResponse) => void> = {
    databaseError: (res) =>
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<html><body><h1>Database error</h1><p>Try again later.</p></body></html>"),
    welcome: (res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>Welcome to the bakery</h1>"),
    serverError: (res) => res.writeHead(500).end("Welcome to the bakery"),
    lowerCase: (res) => res.writeHead(200).end("a database error was logged"),
    // "Café" in Latin-1: é is one byte (0xE9), which read as UTF-8 would not be "é".
    latin1: (res) =>
      res
        .writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
        .end(Buffer.from("<p>Café Rivera</p>", "latin1")),
    // The keyword split across two writes, sent apart.
    split: (res) => {
      res.writeHead(200).write("<p>Welcome to the ba");
      setTimeout(() => res.end("kery</p>"), 50);
    },
    endless: (res) => endless(res),
    foundThenEndless: (res) => endless(res, "<h1>Welcome to the bakery</h1>"),
    justInside: (res) =>
      res.writeHead(200).end(`${"a".repeat(PAGE_READ_LIMIT_BYTES - 14)}Database error`),
    justPast: (res) =>
      res.writeHead(200).end(`${"a".repeat(PAGE_READ_LIMIT_BYTES - 13)}Database error`),
  };

  beforeAll(async () => {
    for (const [name, page] of Object.entries(pages)) {
      const server = http.createServer((_req, res) => page(res));
      servers.push(server);
      urls[name] = await listen(server);
    }
    const redirect = http.createServer((_req, res) =>
      res.writeHead(302, { location: urls.databaseError }).end(),
    );
    servers.push(redirect);
    urls.redirect = await listen(redirect);
  });
  afterAll(async () => {
    await Promise.all(servers.map(close));
  });

  it("finds a page that answers 200 with a text it must not contain down, with that cause", async () => {
    expect(await probe(urls.databaseError!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: false,
      statusCode: 200,
      cause: "keyword",
      detail: 'Keyword "Database error" found',
    });
    // On the page a redirect leads to, too.
    expect(await probe(urls.redirect!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: false,
      cause: "keyword",
      detail: 'Keyword "Database error" found',
    });
    expect(await probe(urls.welcome!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: true,
      cause: null,
    });
  });

  it("finds a page up with a text it must contain, and down without it", async () => {
    const found = await probe(urls.welcome!, dev, mustContain("Welcome to the bakery"));
    expect(found).toMatchObject({ ok: true, statusCode: 200, cause: null, detail: null });
    expect(found.responseMs).toBeGreaterThanOrEqual(0);
    expect(await probe(urls.databaseError!, dev, mustContain("Welcome"))).toMatchObject({
      ok: false,
      statusCode: 200,
      cause: "keyword",
      detail: 'Keyword "Welcome" not found',
    });
    expect(await probe(urls.split!, dev, mustContain("Welcome to the bakery"))).toMatchObject({
      ok: true,
    });
  });

  it("matches case as typed, reads the page in its charset, and leaves error statuses to HTTP", async () => {
    expect(await probe(urls.lowerCase!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: true,
    });
    expect(await probe(urls.latin1!, dev, mustContain("Café Rivera"))).toMatchObject({ ok: true });
    expect(await probe(urls.serverError!, dev, mustContain("Welcome"))).toMatchObject({
      ok: false,
      cause: "http",
      detail: "HTTP 500",
    });
  });

  it("reads at most 1 MB of a page, and stops as soon as the keyword is seen", async () => {
    expect(await probe(urls.justInside!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: false,
      detail: 'Keyword "Database error" found',
    });
    // One byte of the keyword past the limit: not read, so not seen.
    expect(await probe(urls.justPast!, dev, mustNotContain("Database error"))).toMatchObject({
      ok: true,
    });
    // A page that never ends is judged by its first megabyte, not timed out.
    expect(await probe(urls.endless!, dev, mustContain("Welcome"))).toMatchObject({
      ok: false,
      cause: "keyword",
      detail: 'Keyword "Welcome" not found',
    });
    expect(await probe(urls.foundThenEndless!, dev, mustContain("Welcome"))).toMatchObject({
      ok: true,
    });
  });
});

describe.each(databaseKinds)("the monitor's keyword check (%s)", (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  let url = "";
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = http.createServer((_req, res) =>
      res.writeHead(200).end("<h1>Database error</h1><p>Could not connect to MySQL.</p>"),
    );
    url = await listen(server);
  });
  afterAll(async () => {
    await close(server);
    await database.drop();
  });

  it("opens an incident and emails its cause when a 200 page shows a keyword it must not", async () => {
    const { db } = database;
    const { company } = await aClient(db, { owner: { email: "olive@bakery.example" } });
    const site = await aWebsite(db, company.id, { domain: "bakery.example", checkUrl: url });
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 9) + minutes * MINUTE);
    const run = (minutes: number) =>
      runMonitorOnce({
        db,
        settings: { agencyInbox: "staff@example.test", publicUrl: "https://www.example.test" },
        intervalMs: MINUTE,
        probe: { allowPrivate: true, timeoutMs: 1_000 },
        now: at(minutes),
      });

    // Without a keyword the page answers 200: up.
    await run(0);
    const [before] = await db.select().from(siteMonitors);
    expect(before).toMatchObject({ status: "up", lastCause: null });

    await db
      .update(websites)
      .set({ checkKeyword: "Database error", checkKeywordMustBe: "absent" })
      .where(eq(websites.id, site.id));
    await run(1);
    await run(2);
    const [state] = await db.select().from(siteMonitors);
    expect(state).toMatchObject({ status: "down", lastCause: "keyword", lastStatusCode: 200 });
    expect(await db.select().from(monitorIncidents)).toMatchObject([
      { cause: "keyword", detail: 'Keyword "Database error" found', endedAt: null },
    ]);
    const down = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, "site-down"));
    expect(down.length).toBeGreaterThan(0);
    for (const email of down) expect(email.text).toContain('Keyword "Database error" found');
  });
});
