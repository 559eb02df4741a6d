import type { APIRequestContext, Page } from "@playwright/test";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

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

/** Every back-office page: each section's list and one of each kind of detail, from the demo. */
async function backOfficePages(request: APIRequestContext): Promise<[string, string][]> {
  const json = async <T>(path: string) => (await (await request.get(path)).json()) as T;
  const lead = (await json<{ items: { kind: string; id: string }[] }>("/api/admin/leads"))
    .items[0]!;
  const client = (await json<{ id: string }[]>("/api/admin/clients"))[0]!;
  const invoice = (await json<{ invoices: { id: string }[] }>("/api/admin/invoices")).invoices[0]!;
  const ticket = (await json<{ items: { id: string }[] }>("/api/admin/tickets")).items[0]!;
  return [
    ["Leads", "/admin"],
    ["Leads", `/admin/leads/${lead.kind}/${lead.id}`],
    ["Pipeline", "/admin/pipeline"],
    ["Clients", "/admin/clients"],
    ["Clients", `/admin/clients/${client.id}`],
    ["Invoices", "/admin/invoices"],
    ["Invoices", `/admin/invoices/${invoice.id}`],
    ["Tickets", "/admin/tickets"],
    ["Tickets", `/admin/tickets/${ticket.id}`],
    ["Monitoring", "/admin/monitoring"],
    ["Emails", "/admin/emails"],
    ["Audit", "/admin/audit"],
  ];
}

const backOfficeSections = [
  "Leads",
  "Pipeline",
  "Clients",
  "Invoices",
  "Tickets",
  "Monitoring",
  "Emails",
  "Audit",
];

/** The page has drawn its content: no loading state left (see lib/use-idle). */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-loading]")).toHaveCount(0);
}

/** The marketing site's frame: its header navigation and its tall footer. */
async function expectNoMarketingFrame(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByText("All rights reserved.")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Quick Links" })).toHaveCount(0);
}

test.describe("the back office", () => {
  test.beforeEach(async ({ signIn }) => signIn("admin"));

  test("has its own compact shell: sections, bell and account menu, no marketing frame; axe passes at 1280 px", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const [section, path] of await backOfficePages(page.request)) {
      await page.goto(path);
      await settled(page);
      await expectNoMarketingFrame(page);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Harborline home" })).toHaveAttribute(
        "href",
        "/",
      );
      const nav = header.getByRole("navigation", { name: "Back office" });
      await expect(nav.getByRole("link")).toHaveText(backOfficeSections);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(section);
      await expect(header.getByRole("button", { name: /^Notifications/ })).toBeVisible();
      await expect(header.getByRole("button", { name: /^Account menu/ })).toBeVisible();
      expect(await wcagViolations(page), path).toEqual([]);
    }
  });

  test("the account menu leads to the account page and logs out", async ({ page }) => {
    await page.goto("/admin/clients");
    await settled(page);
    const menuButton = page.getByRole("button", { name: "Account menu: Avery Harbor" });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Account" });
    await expect(menu).toContainText("admin@example.com");
    await expect(menu.getByRole("link", { name: "Log out" })).toHaveAttribute(
      "href",
      "/api/logout",
    );
    expect(await wcagViolations(page)).toEqual([]);
    await menu.getByRole("link", { name: "Your account" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

    await page.goto("/admin");
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page
      .getByRole("dialog", { name: "Account" })
      .getByRole("link", { name: "Log out" })
      .click();
    await expect(page).toHaveURL("/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("at 375 px the sections fold into a menu that works by keyboard; axe passes", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/clients");
    await settled(page);
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);

    // From the top of the page, Tab reaches the menu button right after the skip link.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link")).toHaveText(backOfficeSections);
    await expect(nav.getByRole("link", { name: "Clients" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await wcagViolations(page)).toEqual([]);
    // Focus is in the menu; Tab walks its links in order.
    await expect(nav.getByRole("link", { name: "Leads" })).toBeFocused();
    for (let step = 0; step < 3; step++) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Invoices" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await expect(nav).toHaveCount(0);

    // Space opens it too, and Escape closes it with focus back on the button.
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Space");
    await expect(nav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    for (const [, path] of await backOfficePages(page.request)) {
      await page.goto(path);
      await settled(page);
      await expectNoMarketingFrame(page);
      await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Account menu/ })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await wcagViolations(page), path).toEqual([]);
    }
  });
});

test.describe("the client portal", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  for (const width of [375, 1280]) {
    test(`keeps the brand header with a slim footer at ${width} px; axe passes`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/dashboard", "/account"]) {
        await page.goto(path);
        await settled(page);
        const header = page.getByRole("banner");
        await expect(header.getByRole("link", { name: "Harborline home" })).toHaveAttribute(
          "href",
          "/",
        );
        if (width === 1280) {
          await expect(header.getByRole("link", { name: "Log Out" })).toBeVisible();
        }
        const footer = page.getByRole("contentinfo");
        await expect(footer).toContainText(`© ${new Date().getFullYear()} Harborline`);
        await expect(footer.getByRole("link", { name: "hello@harborline.example" })).toBeVisible();
        // Not the marketing footer: no link lists, no summary.
        await expect(footer.getByRole("heading")).toHaveCount(0);
        await expect(footer.getByRole("navigation")).toHaveCount(0);
        await expect(page.getByText("All rights reserved.")).toHaveCount(0);
        expect(await wcagViolations(page), path).toEqual([]);
      }
    });
  }
});
