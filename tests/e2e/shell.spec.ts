import { expect, test } from "@playwright/test";

const navItems = [
  ["Home", "/"],
  ["About", "/about"],
  ["Services", "/services"],
  ["Pricing", "/pricing"],
  ["Contact", "/contact"],
] as const;

test("the header nav leads to every public page and marks the current one", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(header.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");

  for (const [label, path] of navItems) {
    await header.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(header.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(header.locator('[aria-current="page"]:visible')).toHaveCount(1);
  }
});

test("the footer has the quick links, services, social links and this year's copyright", async ({
  page,
}) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  for (const [label, path] of navItems) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      path,
    );
  }
  for (const service of [
    "Shared Hosting",
    "VPS Hosting",
    "Cloud Hosting",
    "Dedicated Servers",
    "SSL Certificates",
  ]) {
    await expect(footer.getByRole("link", { name: service })).toHaveAttribute("href", "/services");
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Harborline`);
  await expect(footer).toContainText("Gig Harbor, WA");
});

test("at 375 px the mobile menu opens with the same items and closes on choosing one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(menu).toBeVisible();
  for (const [label] of navItems) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Get Started" })).toBeVisible();

  await menu.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL("/services");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  // No horizontal scroll at phone width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText(/router/i)).toHaveCount(0);
});

test("every known route and the dashboard answer 200", async ({ request }) => {
  for (const path of ["/", "/about", "/services", "/pricing", "/contact", "/apply", "/dashboard"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
  }
});
