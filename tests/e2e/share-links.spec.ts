import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { demoCompanyName } from "../../src/server/demo/seed";

/*
 * A share link, as the demo client (the Rivera Bakery's owner) makes one on their site's page for
 * their marketing person, and as that person, a stranger to the portal, opens it: with a
 * password, only the panels chosen, and not at all once it is revoked or has expired.
 */

const screenshots = process.env.SHARE_SCREENSHOTS;

/** axe at a phone's width and a desktop's, no sideways scroll; a screenshot when asked for. */
async function expectAccessible(page: Page, what: string, shown?: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `${what} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `horizontal scroll: ${what} at ${width} px`).toBeLessThanOrEqual(0);
    if (screenshots) {
      const path = `${screenshots}/${what.replace(/\W+/g, "-")}-${width}.png`;
      await (shown ? shown.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function openSitePage(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Details of riverabakery.example" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "riverabakery.example" })).toBeVisible({
    timeout: 15_000,
  });
  return page.getByRole("region", { name: "Share links" });
}

test.describe("share links", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  test("the owner shares two panels behind a password; a stranger opens them, then not once revoked", async ({
    page,
    browser,
  }) => {
    // Two people, axe at two widths on four views: longer than one journey's default.
    test.setTimeout(120_000);
    const section = await openSitePage(page);
    await section.getByRole("button", { name: "New share link" }).click();
    const dialog = page.getByRole("dialog", { name: "New share link · riverabakery.example" });
    await dialog.getByLabel("Name").fill("Dana, marketing");
    await dialog.getByRole("checkbox", { name: "Where visitors come from" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Devices" }).uncheck();
    // Too short a password is refused with what to fix, in the field.
    await dialog.getByLabel("Password (optional)").fill("short");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
    await expectAccessible(page, "share link form", dialog);
    await dialog.getByLabel("Password (optional)").fill("rivera-rolls-2027");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const address = dialog.getByLabel("The new share link");
    await expect(address).toHaveValue(/\/share\/hls_[\w-]{43}$/);
    const url = await address.inputValue();
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    const row = section.getByRole("listitem").filter({ hasText: "Dana, marketing" });
    await expect(row).toContainText("Visitors and page views, Top pages");
    await expect(row).toContainText("Password");
    await expect(row).toContainText("never viewed");
    await expectAccessible(page, "share links section", section);

    // A stranger: a browser of their own, signed in as no one.
    const stranger = await browser.newContext();
    const view = await stranger.newPage();
    const answer = await view.goto(url);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(view.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(view.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    await expect(
      view.getByRole("heading", { name: "This link asks for a password" }),
    ).toBeVisible();
    await expectAccessible(view, "shared view password");
    await view.getByLabel("Password").fill("rivera-rolls-2026");
    await view.getByRole("button", { name: "Open" }).click();
    await expect(
      view.getByText("That password is not right: check it and try again"),
    ).toBeVisible();
    await view.getByLabel("Password").fill("rivera-rolls-2027");
    await view.getByRole("button", { name: "Open" }).click();

    await expect(
      view.getByRole("heading", { level: 1, name: "riverabakery.example" }),
    ).toBeVisible();
    await expect(view.getByRole("region", { name: "Visitors and page views" })).toBeVisible();
    await expect(view.getByRole("region", { name: "Top pages" })).toBeVisible();
    await expect(view.getByRole("region", { name: "Where visitors come from" })).toHaveCount(0);
    await expect(view.getByRole("region", { name: "Devices" })).toHaveCount(0);
    // The range picker works here too; the chart has its table.
    await view.getByRole("button", { name: "7 days" }).click();
    await expect(view.getByRole("region", { name: "Visitors and page views" })).toContainText(
      "the last 7 days",
    );
    // Nothing of the company or the portal: no name, no uptime, no links anywhere.
    await expect(view.locator("body")).not.toContainText(demoCompanyName);
    await expect(view.locator("body")).not.toContainText(/uptime|bandwidth|invoice/i);
    await expect(view.locator("a[href]")).toHaveCount(0);
    await expectAccessible(view, "shared view");

    // The owner sees it was viewed, and revokes it.
    await page.reload();
    await expect(row).toContainText(/last viewed/, { timeout: 15_000 });
    await row.getByRole("button", { name: "Revoke Dana, marketing" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
    await expect(row).toContainText("Revoked");
    const gone = await view.reload();
    expect(gone?.status()).toBe(404);
    // The not-found page, which the app then fills with the link's own words.
    await expect(view.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expectAccessible(view, "shared view gone");
    await stranger.close();
  });

  test("a link past its expiry answers 404, page and data", async ({ page, browser }) => {
    const created = await page.request.post(`/api/websites/${await websiteId(page)}/share-links`, {
      data: {
        name: "Short-lived",
        panels: ["devices"],
        expiresAt: new Date(Date.now() + 3_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const stranger = await browser.newContext();
    const view = await stranger.newPage();
    expect((await view.goto(url))?.status()).toBe(200);
    await expect(view.getByRole("region", { name: "Devices" })).toBeVisible();
    await expect
      .poll(async () => (await stranger.request.get(url)).status(), { timeout: 10_000 })
      .toBe(404);
    const token = url.split("/share/")[1];
    expect((await stranger.request.get(`/api/share/${token}`)).status()).toBe(404);
    await stranger.close();
  });
});

test("staff see a client's share links in the back office and revoke one", async ({
  page,
  signIn,
  apiSignedInAs,
}) => {
  const owner = await apiSignedInAs("client");
  const made = await owner.post(`/api/websites/${await websiteId(owner)}/share-links`, {
    data: { name: "Leaked to a forum", panels: ["pages"] },
  });
  const { url } = (await made.json()) as { url: string };
  await signIn("admin");
  const clients = (await (await page.request.get("/api/admin/clients")).json()) as {
    id: string;
    name: string;
  }[];
  await page.goto(`/admin/clients/${clients.find((c) => c.name === demoCompanyName)!.id}`);
  await page.getByRole("button", { name: "Share links of riverabakery.example" }).click();
  const dialog = page.getByRole("dialog", { name: "Share links · riverabakery.example" });
  const row = dialog.getByRole("listitem").filter({ hasText: "Leaked to a forum" });
  await expect(row).toContainText("Top pages");
  await expectAccessible(page, "staff share links", dialog);
  await row.getByRole("button", { name: "Revoke Leaked to a forum" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(row).toContainText("Revoked");
  expect((await owner.get(url)).status()).toBe(404);
});

/** The demo site's id, from the portal's own list. */
async function websiteId(from: Page | APIRequestContext) {
  const request = "request" in from ? from.request : from;
  const sites = (await (await request.get("/api/websites")).json()) as {
    id: string;
    domain: string;
  }[];
  return sites.find((site) => site.domain === "riverabakery.example")!.id;
}
