import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { registerDemoSite, removeDemoSite } from "./support/demo-site";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * A UTM-tagged visit and goals, from the real /js/hl.js in Chromium on a client's site served from
 * another local origin, to the site page in the portal: the campaign and its source, the goals
 * with their conversion rates per source and campaign, and the country. Staff turned on the
 * outbound-link goal, so the snippet carries data-outbound. As in analytics.spec.ts, visitors get
 * a normal browser's user agent and navigator.webdriver false.
 */

const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DOMAIN = "campaigns-e2e.example";
const ELSEWHERE = "https://elsewhere.example/";
const QUEUE =
  "window.hl=window.hl||function(){(window.hl.q=window.hl.q||[]).push(arguments)};hl('Landing');";

let site: Server;
let siteUrl = "";
let siteKey = "";
let websiteId = "";

/** The client's pages: the landing page queues a goal before the tag loads. */
function page(appUrl: string, path: string) {
  const queue = path === "/" ? `<script>${QUEUE}</script>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${path}</title>
<link rel="icon" href="data:,">${queue}
<script defer data-site="${siteKey}" data-outbound src="${appUrl}/js/hl.js"></script></head>
<body><h1>${path}</h1><a href="/signup">Sign-up page</a> <a href="${ELSEWHERE}">Our partner</a>
<button onclick="hl('Signup')">Sign up</button></body></html>`;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  site = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    response.writeHead(path === "/favicon.ico" ? 404 : 200, {
      "content-type": "text/html; charset=utf-8",
    });
    response.end(page(baseURL!, path));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  ({ id: websiteId, siteKey } = await registerDemoSite(playwright, baseURL!, {
    domain: DOMAIN,
    checkUrl: `${siteUrl}/`,
    settings: { trackOutboundLinks: true },
  }));
});

test.afterAll(async ({ playwright, baseURL }) => {
  await removeDemoSite(playwright, baseURL!, websiteId);
  await new Promise((resolve) => site?.close(resolve));
});

/** Every body the tag posted, for all visitors. */
const sent: string[] = [];

async function visitor(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "webdriver", { get: () => false });
  });
  context.on("request", (request) => {
    if (request.url().endsWith("/api/events")) sent.push(request.postData() ?? "");
  });
  // The partner's site, answered here instead of on the internet.
  await context.route(`${ELSEWHERE}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Partner</title>" }),
  );
  return context;
}

async function open(page: Page, go: () => Promise<unknown>) {
  await go();
  await page.waitForLoadState("load");
  await expect(page.locator('script[src$="/js/hl.js"]')).toHaveCount(1);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** A ranking table's row of the given name, as its cells' texts. */
async function row(page: Page, panel: string, name: string | RegExp) {
  const line = section(page, panel)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: typeof name === "string" }) });
  await expect(line).toHaveCount(1);
  return line.getByRole("cell").allTextContents();
}

test("a UTM-tagged visit and its goals reach the site page, with conversion rates per source and campaign", async ({
  browser,
  signIn,
  page,
}) => {
  test.setTimeout(120_000);
  const counted = () => sent.filter((body) => body.includes(siteKey)).length;

  // The newsletter's reader lands with UTM tags (and a query the tag must not send), reaches the
  // sign-up page, signs up, then follows a link to the partner's site.
  const reader = await visitor(browser, DESKTOP);
  const first = await reader.newPage();
  await open(first, () =>
    first.goto(
      `${siteUrl}/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-menu&email=ann%40example.com`,
    ),
  );
  await open(first, () => first.getByRole("link", { name: "Sign-up page" }).click());
  await first.getByRole("button", { name: "Sign up" }).click();
  await first.getByRole("link", { name: "Our partner" }).click();
  await expect(first).toHaveTitle("Partner");
  await expect.poll(counted).toBe(5); // two views, Landing (queued), Signup, Outbound link
  await reader.close();

  // A second visitor comes straight to the home page on a phone and does nothing else.
  const passerBy = await visitor(browser, PHONE);
  const second = await passerBy.newPage();
  await open(second, () => second.goto(`${siteUrl}/`));
  await expect.poll(counted).toBe(7);
  await passerBy.close();

  const bodies = sent.map((body) => JSON.parse(body) as Record<string, unknown>);
  expect(bodies.find((body) => !body.type)).toMatchObject({
    url: `${siteUrl}/`,
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "fall-menu",
  });
  expect(sent.join("\n")).not.toContain("ann");
  expect(bodies.filter((body) => body.type === "goal").map((body) => body.name)).toEqual([
    "Landing",
    "Signup",
    "Outbound link",
    "Landing",
  ]);

  await signIn("client");
  const health = async () =>
    (await (await page.request.get(`/api/websites/${websiteId}/health?range=7d`)).json()) as {
      visitors: number;
      goals: { name: string }[];
    };
  // Goals and page views are written by separate buffers, each within a flush window.
  await expect
    .poll(async () => {
      const { goals, visitors } = await health();
      return { goals: goals.length, visitors };
    })
    .toEqual({ goals: 3, visitors: 2 });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/sites/${websiteId}`);
    await expect(page.getByRole("heading", { level: 1, name: DOMAIN })).toBeVisible({
      timeout: 15_000,
    });
    // Goals: by visitors who reached them, out of the two visitors.
    expect(await row(page, "Goals", "Landing")).toEqual(["2", "100%"]);
    expect(await row(page, "Goals", "Signup")).toEqual(["1", "50%"]);
    expect(await row(page, "Goals", "Outbound link")).toEqual(["1", "50%"]);

    // Sources and campaigns, with the conversions of the goal picked (from 640 px the
    // conversions' count shows beside the rate).
    await section(page, "Sources").getByLabel("Conversions of the goal").selectOption("Signup");
    const wide = width >= 640;
    expect(await row(page, "Sources", "newsletter")).toEqual(
      wide ? ["1", "1", "100%"] : ["1", "100%"],
    );
    expect(await row(page, "Sources", "Direct / none")).toEqual(
      wide ? ["1", "0", "0%"] : ["1", "0%"],
    );
    expect(await row(page, "Campaigns", /^fall-menu · newsletter \/ email$/)).toEqual(
      wide ? ["1", "1", "100%"] : ["1", "100%"],
    );
    // Loopback has no country.
    expect(await row(page, "Countries", "Unknown")).toEqual(["2"]);

    const panels = ["Sources", "Campaigns", "Goals", "Countries"];
    for (const name of panels) await expect(section(page, name)).toBeVisible();
    expect(await wcagViolations(page), `axe at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
});
