import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { registerDemoSite, removeDemoSite } from "./support/demo-site";
import { expect, test } from "./support/fixtures";

/*
 * The real /js/hl.js in Chromium, on a client's site served from another local origin (a tiny
 * server on 127.0.0.1, registered as the website's check URL), then the counts in the portal.
 * Playwright's Chromium is headless ("HeadlessChrome" in its user agent) and says
 * navigator.webdriver: the visitors here are given a normal browser's user agent and
 * webdriver false, and one visitor keeps the headless user agent to prove it is not counted.
 */

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
/** What headless Chromium says it is (the project's device settings replace it with Chrome's). */
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const DOMAIN = "analytics-e2e.example";

let site: Server;
let siteUrl = "";
let siteKey = "";
let websiteId = "";

/** A small multi-page site with the tag, as a client's site would carry it. */
function page(appUrl: string, title: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="icon" href="data:,">
<script defer data-site="${siteKey}" src="${appUrl}/js/hl.js"></script></head>
<body><h1>${title}</h1><a href="/menu">Menu</a> <a href="/about?utm_source=mail">About</a>
<button onclick="history.pushState({}, '', '/spa-page')">Open in place</button></body></html>`;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  site = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    response.writeHead(path === "/favicon.ico" ? 404 : 200, {
      "content-type": "text/html; charset=utf-8",
    });
    response.end(page(baseURL!, path === "/" ? "Home" : path.slice(1)));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  ({ id: websiteId, siteKey } = await registerDemoSite(playwright, baseURL!, {
    domain: DOMAIN,
    checkUrl: `${siteUrl}/`,
  }));
});

test.afterAll(async ({ playwright, baseURL }) => {
  await removeDemoSite(playwright, baseURL!, websiteId);
  await new Promise((resolve) => site?.close(resolve));
});

/** Console errors and failed requests on the client's pages, for every visitor. */
const consoleProblems: string[] = [];

/** A visitor's own browser: a user agent, webdriver off, Global Privacy Control on or not. */
async function visitor(browser: Browser, userAgent: string, gpc = false) {
  const context = await browser.newContext({ userAgent });
  // What the client's own page would show in its console: the tag must add nothing there.
  context.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      consoleProblems.push(`${message.type()}: ${message.text()}`);
    }
  });
  context.on("requestfailed", (request) => {
    consoleProblems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  await context.addInitScript((gpc) => {
    Object.defineProperty(navigator, "webdriver", { get: () => false });
    if (gpc) Object.defineProperty(navigator, "globalPrivacyControl", { get: () => true });
  }, gpc);
  return context;
}

/**
 * Opens a page of the site and waits for the deferred tag to have run (it sends its beacon then;
 * a beacon is not one of the page's own responses, so the counts are awaited in the portal).
 */
async function view(page: Page, open: () => Promise<unknown>) {
  await open();
  await page.waitForLoadState("load");
  await expect(page.locator('script[src$="/js/hl.js"]')).toHaveCount(1);
}

test("the tag counts views and unique visitors from another origin, and the portal shows them", async ({
  browser,
  signIn,
  page,
}) => {
  test.setTimeout(90_000);
  // A headless browser's views are answered but not counted.
  const headless = await visitor(browser, HEADLESS);
  const robot = await headless.newPage();
  expect(await robot.evaluate(() => navigator.userAgent)).toContain("HeadlessChrome");
  await view(robot, () => robot.goto(`${siteUrl}/`));
  await headless.close();

  // One desktop visitor: three pages, one of them a single-page navigation.
  const desktop = await visitor(browser, DESKTOP);
  const first = await desktop.newPage();
  await view(first, () => first.goto(`${siteUrl}/`));
  await view(first, () => first.getByRole("link", { name: "Menu" }).click());
  await view(first, () => first.getByRole("button", { name: "Open in place" }).click());
  await expect(first).toHaveURL(`${siteUrl}/spa-page`);
  expect(
    await first.evaluate(() => ({
      cookies: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
    })),
  ).toEqual({ cookies: "", local: 0, session: 0 });
  await desktop.close();

  // A second visitor, with Global Privacy Control on: counted, as decision 011 says.
  const tablet = await visitor(browser, TABLET, true);
  const second = await tablet.newPage();
  await view(second, () => second.goto(`${siteUrl}/about?utm_source=mail`));
  await tablet.close();

  // The tag loaded and posted from another origin without a word in the page's console.
  expect(consoleProblems).toEqual([]);

  // The views are written within a flush window; the client's API, then the portal, count two.
  await signIn("client");
  await expect
    .poll(async () => {
      const sites = (await (await page.request.get("/api/websites")).json()) as {
        domain: string;
        monthlyVisitors: number;
      }[];
      return sites.find((s) => s.domain === DOMAIN)?.monthlyVisitors;
    })
    .toBe(2);
  await page.goto("/dashboard?tab=websites");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: DOMAIN, exact: true }) });
  await expect(card.locator('dt:has-text("Monthly Visitors") + dd')).toHaveText("2");
});
