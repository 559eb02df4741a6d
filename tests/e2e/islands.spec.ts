import { expect, test } from "./support/fixtures";

/*
 * The content pages are prerendered HTML with islands (src/client/islands.tsx): the header's menu
 * and sign-in state. Each must work when its script comes late, and the page must read and lead
 * on with JavaScript off.
 */

/** Holds the islands' script back until `release` is called. */
async function holdIslands(page: import("@playwright/test").Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands?-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// A content page, and a form page (whose own island waits for the visitor's intent).
for (const path of ["/", "/contact"]) {
  test(`the header's islands on ${path} work when their script arrives late`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const release = await holdIslands(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const menu = page.locator("#site-menu");
    // A tap before the island is live is kept, and done once it is.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("html[data-page-ready]")).toHaveCount(0);
    await expect(menu).toBeHidden();
    release();
    await expect(page.locator("html[data-page-ready]")).toHaveCount(1, { timeout: 10_000 });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // The sign-in state: the signed-out buttons, in the menu.
    await expect(menu.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("a signed-in visitor's header leads to the dashboard once its island is live", async ({
  page,
}) => {
  expect((await page.request.post("/api/login/demo", { data: { as: "client" } })).ok()).toBe(true);
  const release = await holdIslands(page);
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  release();
  await header.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the web fonts take over from their stand-ins together, once all three have arrived", async ({
  page,
}) => {
  // Each face added restyles the whole page: one swap, not one per font as it arrives.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/fraunces-latin-wght-italic-[^/]+\.woff2$/, async (route) => {
    await released;
    await route.continue();
  });
  const webFaces = () =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.family.includes("Variable"))
        .map((face) => `${face.family} ${face.style} ${face.status}`)
        .sort(),
    );
  const inter = page.waitForResponse(/inter-latin-wght-normal-[^/]+\.woff2$/);
  await page.goto("/");
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await inter;
  expect(await webFaces()).toEqual([]);
  release();
  await expect
    .poll(webFaces)
    .toEqual([
      '"Fraunces Variable" italic loaded',
      '"Fraunces Variable" normal loaded',
      '"Inter Variable" normal loaded',
    ]);
  expect(await page.evaluate(() => document.fonts.check('600 16px "Inter Variable"'))).toBe(true);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the content pages read, and their links and menu lead on", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ["/", "/about", "/services", "/pricing"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).not.toBeEmpty();
    }
    // The menu's toggle leads to the footer's list of the site's pages.
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page).toHaveURL("/#site-links");
    const pages = page.getByRole("navigation", { name: "Quick Links" });
    await expect(pages).toBeInViewport();
    await pages.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("banner").getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
