/**
 * The portal's and the back office's first load, measured in a real browser: each page is opened
 * cold (a fresh browser context, signed in with the demo sign-in as the e2e journeys are) on the
 * built server, and the browser's own resource timings say which JavaScript it asked for. The
 * first load is every script requested before the page is ready: its heading is shown, nothing
 * says "Loading", nothing is aria-busy, and the page's own `ready` element (the site page's
 * charts) is drawn. What is fetched after that (the tabs and routes prefetched once the browser
 * is idle, the toasts) is reported apart. Sizes are the gzip (level 9) files the build serves.
 * BENCH_SIZE_FILES=1 lists each page's first-load files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { chromiumArgs, findChromium } from "../../tests/support/chromium";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";

const KB = 1024;

export interface PortalPage {
  /** What the table calls it. */
  label: string;
  /** Who opens it: the demo client or the demo staff member. */
  as: "client" | "admin";
  /** The address, given ids read from the API as that user. */
  path: (ids: DemoIds) => string;
  /** Gzip bytes of JavaScript the first load may take. */
  budget: number;
  /** A CSS selector that must be on the page before it counts as ready (beyond the heading). */
  ready?: string;
}

export interface PortalRow {
  label: string;
  path: string;
  files: number;
  firstLoad: number;
  after: number;
  budget: number;
}

interface DemoIds {
  website: string;
  client: string;
  ticket: string;
}

/** The budgets; docs/performance.md says why each is what it is. */
/** The dashboard, each tab, the site page (its charts included). */
const PORTAL = 150 * KB;
/** The tabs that open on forms and dialogs: react-hook-form, zod, Radix Select and Dialog. */
const PORTAL_FORMS = 225 * KB;
/** The back office: staff on a desktop, views made of filters, tables and forms. */
const BACK_OFFICE = 250 * KB;

export const portalPages: PortalPage[] = [
  { label: "dashboard", as: "client", path: () => "/dashboard", budget: PORTAL },
  ...["domains", "billing", "support", "projects", "team"].map((tab): PortalPage => ({
    label: `  tab ${tab}`,
    as: "client",
    path: () => `/dashboard?tab=${tab}`,
    budget: tab === "billing" || tab === "team" ? PORTAL_FORMS : PORTAL,
  })),
  {
    label: "site page",
    as: "client",
    path: (ids) => `/dashboard/sites/${ids.website}`,
    budget: PORTAL,
    // uPlot draws into a div.uplot: the charts are part of this page's first load.
    ready: ".uplot",
  },
  { label: "admin (leads)", as: "admin", path: () => "/admin", budget: BACK_OFFICE },
  ...["pipeline", "clients", "invoices", "monitoring", "tickets", "emails", "audit"].map(
    (section): PortalPage => ({
      label: `  ${section}`,
      as: "admin",
      path: () => `/admin/${section}`,
      budget: BACK_OFFICE,
    }),
  ),
  {
    label: "  a client",
    as: "admin",
    path: (ids) => `/admin/clients/${ids.client}`,
    budget: BACK_OFFICE,
  },
  {
    label: "  a ticket",
    as: "admin",
    path: (ids) => `/admin/tickets/${ids.ticket}`,
    budget: BACK_OFFICE,
  },
];

/**
 * Runs in the page before its own scripts: resolves window.__firstLoadReady with the time
 * (performance.now()) the page first became ready, checked on every change to the document.
 * Plain text, not a function of this file: the TypeScript loader would add helpers to a
 * function's source that do not exist in the page.
 */
const watchReady = (readySelector: string | null) => `
  performance.setResourceTimingBufferSize(1000);
  window.__firstLoadReady = new Promise((resolve) => {
    const readySelector = ${JSON.stringify(readySelector)};
    const isReady = () => {
      if (!document.querySelector("h1")) return false;
      if (readySelector && !document.querySelector(readySelector)) return false;
      if (document.querySelector('[aria-busy="true"]')) return false;
      return ![...document.querySelectorAll('[role="status"]')].some((status) =>
        /^\\s*loading/i.test(status.textContent ?? ""),
      );
    };
    const observer = new MutationObserver(() => {
      if (!isReady()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
`;

async function signedInContext(browser: Browser, baseURL: string, as: "client" | "admin") {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const response = await context.request.post("/api/login/demo", { data: { as } });
  if (!response.ok()) throw new Error(`demo sign-in as ${as}: ${response.status()}`);
  return context;
}

async function demoIds(client: BrowserContext, admin: BrowserContext): Promise<DemoIds> {
  const first = async (context: BrowserContext, url: string) => {
    const response = await context.request.get(url);
    if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
    // A list, or a page of one (the ticket queue answers `{ items }`).
    const body = (await response.json()) as { id: string }[] | { items: { id: string }[] };
    const [item] = Array.isArray(body) ? body : body.items;
    if (!item) throw new Error(`${url}: the demo data has none`);
    return item.id;
  };
  return {
    website: await first(client, "/api/websites"),
    client: await first(admin, "/api/admin/clients"),
    ticket: await first(admin, "/api/admin/tickets"),
  };
}

/** Counts the context's requests in flight from now on; `quiet` resolves once none has been for `quietMs` (at most `maxMs`). */
function trackRequests(context: BrowserContext) {
  let inFlight = 0;
  let onChange = () => {};
  context.on("request", () => {
    inFlight++;
    onChange();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    onChange();
  };
  context.on("requestfinished", done);
  context.on("requestfailed", done);
  return {
    quiet: (quietMs = 1500, maxMs = 15_000) =>
      new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const deadline = setTimeout(resolve, maxMs);
        onChange = () => {
          clearTimeout(timer);
          if (inFlight > 0) return;
          timer = setTimeout(() => {
            clearTimeout(deadline);
            resolve();
          }, quietMs);
        };
        onChange();
      }),
  };
}

/** The built site on our server, a browser, and the size the server sends each file gzipped. */
export interface BuiltSite {
  url: string;
  browser: Browser;
  gzipBytes: (urlPath: string) => number;
  close: () => Promise<void>;
}

/** Starts the built server (a fresh embedded database, seeded with the demo) and Chromium. */
export async function startBuiltSite(clientDir: string): Promise<BuiltSite> {
  const gzipSize = new Map<string, number>();
  /** The size the server sends with gzip: the build's .gz file, else the file compressed here. */
  const gzipBytes = (urlPath: string) => {
    let size = gzipSize.get(urlPath);
    if (size === undefined) {
      const file = path.join(clientDir, urlPath);
      size = existsSync(`${file}.gz`)
        ? statSync(`${file}.gz`).size
        : gzipSync(readFileSync(file), { level: 9 }).length;
      gzipSize.set(urlPath, size);
    }
    return size;
  };

  const work = mkdtempSync(path.join(tmpdir(), "harborline-size-"));
  const port = await freePort();
  const server = startServer(
    port,
    {
      DATA_DIR: path.join(work, "data"),
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    "build",
  );
  const close = async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    // The first start creates and seeds the embedded database.
    await waitForReady(server, 180_000);
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    return {
      url: server.url,
      browser,
      gzipBytes,
      close: async () => {
        await browser.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function measurePortalPages({
  url: siteUrl,
  browser,
  gzipBytes,
}: BuiltSite): Promise<PortalRow[]> {
  const rows: PortalRow[] = [];
  const probes = {
    client: await signedInContext(browser, siteUrl, "client"),
    admin: await signedInContext(browser, siteUrl, "admin"),
  };
  const ids = await demoIds(probes.client, probes.admin);
  await Promise.all(Object.values(probes).map((context) => context.close()));

  for (const page of portalPages) {
    const url = page.path(ids);
    const context = await signedInContext(browser, siteUrl, page.as);
    try {
      const requests = trackRequests(context);
      const tab = await context.newPage();
      await tab.addInitScript({ content: watchReady(page.ready ?? null) });
      await tab.goto(url);
      const readyAt = await tab.evaluate(
        () => (window as unknown as { __firstLoadReady: Promise<number> }).__firstLoadReady,
      );
      await requests.quiet();
      const scripts = await tab.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime }))
          .filter((entry) => entry.url.endsWith(".js")),
      );
      const first = new Set(scripts.filter((s) => s.start <= readyAt).map((s) => s.url));
      const after = new Set(scripts.map((s) => s.url).filter((file) => !first.has(file)));
      const sum = (files: Set<string>) =>
        [...files].reduce((total, file) => total + gzipBytes(file), 0);
      if (process.env.BENCH_SIZE_FILES) {
        // What makes up the figure: each file of the first load, largest first.
        console.log(`${url}, ready at ${Math.round(readyAt)} ms:`);
        for (const file of [...first].sort((a, b) => gzipBytes(b) - gzipBytes(a)))
          console.log(`  ${(gzipBytes(file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
      }
      rows.push({
        label: page.label,
        path: url,
        files: first.size,
        firstLoad: sum(first),
        after: sum(after),
        budget: page.budget,
      });
    } finally {
      await context.close();
    }
  }
  return rows;
}
