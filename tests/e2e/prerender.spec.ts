import { expect, test } from "@playwright/test";
import { pageMeta } from "../../src/content/site";
import { publicRoutes } from "../../src/shared/routes";
import { formReady } from "./support/forms";

const attribute = (html: string, selector: RegExp) => html.match(selector)?.[1];

for (const route of publicRoutes) {
  test(`${route} arrives as finished HTML with its head tags`, async ({ request, baseURL }) => {
    const response = await request.get(route, { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = pageMeta[route];
    const escaped = (text: string) => text.replaceAll("&", "&amp;");
    expect(html).toContain(`<title>${escaped(meta.title)}</title>`);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toBe(
      escaped(meta.description),
    );
    expect(attribute(html, /<meta name="keywords" content="([^"]*)"/)).toBe(
      escaped(meta.keywords.join(", ")),
    );
    const address = `${baseURL}${route}`;
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(address);
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(address);
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBe(
      escaped(meta.title),
    );
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    // The main heading is in the HTML itself, not added later by JavaScript.
    expect(html).toMatch(/<h1[^>]*>[^<]*\S/);
    const jsonLd = JSON.parse(
      attribute(html, /<script type="application\/ld\+json">(.*?)<\/script>/s)!,
    );
    expect(jsonLd.address).toMatchObject({ addressLocality: "Gig Harbor", addressRegion: "WA" });
    expect(jsonLd.aggregateRating).toBeUndefined();
  });
}

test("pages hydrate without warnings in the console or breaches of the CSP", async ({ page }) => {
  const problems: string[] = [];
  // A breach the code catches (an eval probe, say) is reported here, not in the console.
  await page.exposeFunction("reportCspViolation", (text: string) => problems.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI} from ${event.sourceFile}`,
      ),
    ),
  );
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  for (const route of publicRoutes) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
  }
  // The signed-out visitor's auth check answers 401: expected, not a page problem.
  expect(problems.filter((text) => !/status of 401/.test(text))).toEqual([]);

  problems.length = 0;
  await page.goto("/not-a-page");
  await page.waitForLoadState("networkidle");
  // Only the page's own 404 status, which it must have.
  expect(problems.filter((text) => !/status of 401/.test(text))).toEqual([
    "Failed to load resource: the server responded with a status of 404 (Not Found)",
  ]);
});

test("an unknown path arrives as one plain 404 page, with no empty head tags", async ({
  request,
}) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain(`<title>${pageMeta["not-found"].title}</title>`);
  // What a visitor reads: the heading once, no second "404" above it.
  const bodyText = html
    .slice(html.indexOf("<body"))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ");
  expect(bodyText.match(/404/g)).toEqual(["404"]);
  expect(bodyText.match(/404 Page Not Found/g)).toHaveLength(1);
  expect(html).not.toMatch(/<meta name="keywords"/);
  expect(html).not.toMatch(/content=""/);
});

test("the back office arrives with its own title before its script runs", async ({ request }) => {
  for (const path of ["/admin", "/admin/clients"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${pageMeta["/admin"].title}</title>`);
    expect(html, path).not.toContain(pageMeta["/dashboard"].title);
    expect(html, path).toMatch(/<meta name="robots" content="noindex"/);
  }
  const dashboard = await (await request.get("/dashboard")).text();
  expect(dashboard).toContain(`<title>${pageMeta["/dashboard"].title}</title>`);
});

test("sitemap.xml lists the public pages and robots.txt keeps private paths out", async ({
  request,
  baseURL,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const route of publicRoutes) expect(sitemap).toContain(`<loc>${baseURL}${route}</loc>`);
  expect(sitemap).not.toContain("/dashboard");
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/dashboard", "/admin", "/api/"])
    expect(robots).toContain(`Disallow: ${path}`);
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the link-preview image is a 1200x630 PNG", async ({ request }) => {
  const response = await request.get("/og-image.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("a content page keeps its prerendered HTML, hydrates only its header island, and its links load prerendered pages", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const pageCode = (name: string) => scripts.filter((path) => path.startsWith(`/assets/${name}-`));
  const heading = page.getByRole("heading", { level: 1 });

  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(heading).toContainText("Custom Websites & Apps for");
  // The header is live (its menu opens) while neither React nor the page's own code came.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Escape");
  expect(pageCode("home")).toEqual([]);
  expect(pageCode("client")).toEqual([]);
  expect(pageCode("islands")).toHaveLength(1);

  // The header's links load the prerendered page.
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL("/about");
  await expect(heading).toContainText("Built in Gig Harbor to help");
  await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(pageCode("about")).toEqual([]);
  await expect(page).toHaveTitle(pageMeta["/about"].title);

  // A link in the page's body is a plain link to another prerendered page.
  await page.goto("/pricing");
  await page.getByRole("main").getByRole("link", { name: "Get a Free Quote" }).first().click();
  await expect(page).toHaveURL("/apply");
  await formReady(page);
});

test("a form page comes alive when the visitor is about to use it, and its links load prerendered pages", async ({
  page,
}) => {
  const main = page.getByRole("main");
  await page.goto("/contact");
  await formReady(page);
  await main.getByRole("button", { name: "Start Chat" }).click();
  await expect(page.getByRole("dialog", { name: "Chat with us now" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Chat with us now" })).toHaveCount(0);

  // The hero's link and the header's links are plain links: the next page is the server's
  // prerendered HTML (a page loaded anew forgets what this one set on window).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await main.getByRole("link", { name: "Get a Free Quote" }).click();
  await expect(page).toHaveURL("/apply");
  await formReady(page);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
    undefined,
  );
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Let's talk about your");
  await expect(nav.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
