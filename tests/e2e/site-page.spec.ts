import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { formatBytes } from "../../src/shared/format";
import { DEMO_HISTORY, demoBandwidthThisMonth } from "../../src/server/demo/history";

/*
 * A website's page in the portal, on the demo client's seeded history (src/server/demo/history.ts):
 * its figures, its charts and, for those who cannot see a chart, the same figures as tables.
 */

const section = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

/** A table's body cells of one column, as numbers ("1,234" -> 1234). */
async function columnSum(table: Locator, column: number) {
  const cells = await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents();
  return cells.reduce((sum, text) => sum + Number(text.replace(/,/g, "")), 0);
}

async function expectNoViolations(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal scroll: ${what}`).toBeLessThanOrEqual(0);
}

async function openSitePage(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Details of riverabakery.example" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sites\/[0-9a-f-]{36}$/);
  // A year of demo history is counted on the first open: slow on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "riverabakery.example" })).toBeVisible({
    timeout: 15_000,
  });
}

test.describe("the site page", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  test("the demo client opens it from the website card and reads the 30 days, charted and tabled", async ({
    page,
  }) => {
    await openSitePage(page);
    const tile = (label: string) => page.locator(`dt:has-text("${label}") + dd`).first();
    await expect(tile("Visitors")).toHaveText("3,120");
    await expect(tile("Page views")).toHaveText("5,928");
    await expect(tile("Uptime")).toHaveText(`${DEMO_HISTORY.uptimePercent}%`);
    await expect(tile("Bandwidth")).toHaveText(formatBytes(demoBandwidthThisMonth()));
    await expect(page.getByRole("link", { name: /^Visit riverabakery\.example/ })).toHaveAttribute(
      "href",
      "https://riverabakery.example",
    );

    // The five charts draw on canvases; each figure says what it shows.
    // Visitors, uptime, response times, bandwidth, and the speed trend (its own 90 days).
    await expect(page.locator("[data-chart] canvas")).toHaveCount(5);
    const visitors = section(page, "Visitors and page views");
    await expect(visitors.getByRole("figure")).toHaveAttribute(
      "aria-label",
      /3,120 visitors and 5,928 page views/,
    );

    await visitors.getByText("Show as table").click();
    const daily = visitors.getByRole("table", { name: "Visitors and page views per day" });
    await expect(daily.locator("tbody tr")).toHaveCount(30);
    expect(await columnSum(daily, 1)).toBe(DEMO_HISTORY.visitors);
    expect(await columnSum(daily, 2)).toBe(DEMO_HISTORY.pageViews);

    await expect(section(page, "Where visitors come from")).toContainText("Direct / none");
    await expect(section(page, "Where visitors come from")).toContainText("www.google.com");
    await expect(section(page, "Top pages").getByRole("listitem").first()).toContainText("/");
    await expect(section(page, "Devices")).toContainText("Phones");

    const uptime = section(page, "Uptime and incidents");
    await uptime.getByText("Show as table").first().click();
    const perDay = uptime.getByRole("table", { name: "Uptime and average response time per day" });
    await expect(perDay.locator("tbody tr")).toHaveCount(30);
    // The two incidents of the last 30 days: 8 and 14 minutes down, on days of 1,440 checks.
    await expect(perDay).toContainText("99.44%");
    await expect(perDay).toContainText("99.02%");
    // The incidents themselves, not the staff's updates listed inside the first.
    const incidents = uptime.getByRole("list", { name: "Incidents" }).locator(":scope > li");
    await expect(incidents).toHaveCount(2);
    await expect(incidents.nth(0)).toContainText("Server error");
    await expect(incidents.nth(0)).toContainText("Down 8 min");
    await expect(incidents.nth(0)).toContainText("The site is back up");
    await expect(incidents.nth(1)).toContainText("Timed out");
    await expect(incidents.nth(1)).toContainText("Down 14 min");

    const renewals = section(page, "Certificate and domain");
    await expect(renewals).toContainText(/SSL certificate\s*Expires in 6[01] days/i);
    await expect(renewals).toContainText(/Domain name\s*Expires in 24[01] days/i);

    const bandwidth = section(page, "Bandwidth");
    await bandwidth.getByText("Show as table").click();
    const months = bandwidth.getByRole("table", { name: "Bandwidth per month" });
    await expect(months.locator("tbody tr")).toHaveCount(12);
    await expect(months.locator("tbody tr").last()).toContainText(
      formatBytes(demoBandwidthThisMonth()),
    );

    // The demo site has real-user speed on and counts file downloads (src/server/demo/): the
    // tag says so.
    await expect(section(page, "Tracking code")).toContainText(
      /<script defer data-site="[0-9a-f]{32}" data-vitals data-downloads src="http:\/\/127\.0\.0\.1:\d+\/js\/hl\.js"><\/script>/,
    );

    await page.getByRole("link", { name: "My Websites" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("every chart follows the date range: a week per hour, 90 days, or a calendar month", async ({
    page,
  }) => {
    await openSitePage(page);
    const range = page.getByRole("group", { name: "Date range" });
    const visitors = section(page, "Visitors and page views");
    const uptime = section(page, "Uptime and incidents");
    await visitors.getByText("Show as table").click();
    // Each chart's own table, by its figure: a click by position could land twice on one.
    await uptime
      .getByRole("figure", { name: /^Bar chart of uptime per day/ })
      .getByText("Show as table")
      .click();
    await expect(uptime.getByRole("region", { name: "Uptime per day, as a table" })).toBeVisible();
    await uptime
      .getByRole("figure", { name: /^Line chart of the average response time/ })
      .getByText("Show as table")
      .click();
    await expect(
      uptime.getByRole("region", { name: /^Response time per day, as a table/ }),
    ).toBeVisible();
    const visitorDays = visitors.getByRole("table").locator("tbody tr");
    const uptimeDays = uptime.getByRole("table", {
      name: "Uptime and average response time per day",
    });
    await expect(visitorDays).toHaveCount(30);
    await expect(
      uptime.getByRole("table", { name: "Average response time per day", exact: true }),
    ).toBeVisible();

    await range.getByRole("button", { name: "7 days" }).click();
    await expect(range.getByRole("button", { name: "7 days" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(visitorDays).toHaveCount(7);
    await expect(uptimeDays.locator("tbody tr")).toHaveCount(7);
    // A week's response times come per hour.
    await expect(uptime.getByRole("heading", { name: "Response time per hour" })).toBeVisible();
    await expect(uptime).toContainText("up over the last 7 days");

    await range.getByRole("button", { name: "90 days" }).click();
    await expect(visitorDays).toHaveCount(90);

    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const month = lastMonth.toISOString().slice(0, 7);
    const daysInMonth = new Date(
      Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1, 0),
    ).getUTCDate();
    await range.getByLabel("Month").selectOption(month);
    await expect(visitorDays).toHaveCount(daysInMonth);
    await expect(uptimeDays.locator("tbody tr")).toHaveCount(daysInMonth);
    // Visitors, uptime, response times, bandwidth, and the speed trend (its own 90 days).
    await expect(page.locator("[data-chart] canvas")).toHaveCount(5);
    await expectNoViolations(page, "site page, a calendar month");
  });

  for (const width of [375, 1280]) {
    test(`is accessible and fits at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await openSitePage(page);
      // Visitors, uptime, response times, bandwidth, and the speed trend (its own 90 days).
      await expect(page.locator("[data-chart] canvas")).toHaveCount(5);
      // The charts follow their boxes: none is wider than the page.
      for (const box of await page.locator("[data-chart]").all()) {
        const { width: chartWidth } = (await box.boundingBox())!;
        expect(chartWidth).toBeLessThanOrEqual(width);
      }
      for (const details of await page.locator("details").all()) {
        await details.locator("summary").click();
      }
      await expectNoViolations(page, `site page at ${width} px`);
    });
  }

  test("another company's website, or none, is not found", async ({ page }) => {
    await page.goto("/dashboard/sites/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Website not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to My Websites" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});
