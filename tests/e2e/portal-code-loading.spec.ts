import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/*
 * The dashboard loads the code of the tab shown first and fetches the other tabs' code once it
 * has settled (src/client/pages/dashboard.tsx), so switching tabs is instant and the page does
 * not move as it opens. The first load's size is measured by `npm run bench:size`.
 */

/** The scripts this page has fetched so far, by file name. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname.split("/").pop()!)
      .filter((name) => name.endsWith(".js")),
  );

test.describe("signed in as the demo client", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  test("the other tabs' code comes once the dashboard has settled, and switching tabs fetches none", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await expect(page.getByText("Monthly Visitors").first()).toBeVisible();
    // Each tab's code is a chunk named after its module.
    for (const tab of ["domains", "billing", "support", "projects", "team"]) {
      await expect
        .poll(async () =>
          (await scriptsFetched(page)).some((name) => name.startsWith(`${tab}-tab-`)),
        )
        .toBe(true);
    }
    await page.waitForLoadState("networkidle");

    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") fetched.push(request.url());
    });
    for (const [tab, shown] of [
      ["Domains", "riverabakery-catering.example"],
      ["Billing", "Visa ending in 4242"],
      ["Support", "Checkout page loads slowly on mobile"],
      ["Projects", "Launch & Optimize"],
      ["Team", "Owners manage the team"],
      ["My Websites", "Monthly Visitors"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByText(shown).first()).toBeVisible();
    }
    // A Manage button opens the New Ticket form on the Support tab: its code came too.
    await page
      .getByRole("button", { name: /^Manage/ })
      .first()
      .click();
    await expect(page.getByLabel("Message")).toBeFocused();
    expect(fetched).toEqual([]);
  });

  for (const width of [375, 1280]) {
    test(`nothing shifts as the dashboard opens at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/dashboard");
      await expect(page.getByText("Monthly Visitors").first()).toBeVisible();
      await expect(page.getByText("Your project")).toBeVisible();
      await page.waitForLoadState("networkidle");
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      // Cumulative layout shift under 0.1 is what browsers call good; it was 0.2 to 0.4 when
      // the tabs and the project card arrived one after the other.
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
    });
  }
});
