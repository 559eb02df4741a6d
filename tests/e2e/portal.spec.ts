import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { formatBytes } from "../../src/shared/format";
import { demoBandwidthThisMonth } from "../../src/server/demo/history";

/*
 * The client portal with the demo client's seeded data. Tests run in parallel on one server, so
 * each one that changes data changes its own (a ticket it creates) or puts things back (the
 * auto-renew switch).
 */

/** The value under a stat card's label. */
const stat = (page: Page, label: string) => page.locator(`dt:has-text("${label}") + dd`);

/** The list item (card or row), in `scope`, whose heading is `name`. */
const itemWithHeading = (page: Page, name: string, scope: Page | Locator = page) =>
  scope.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The New Ticket form, opened with this subject filled in. */
async function expectTicketForm(page: Page, subject: string) {
  await expect(page).toHaveURL(/\/dashboard\?tab=support&new=1$/);
  await expect(page.getByRole("heading", { name: "New Ticket" })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(page.getByLabel("Message")).toBeFocused();
}

test.describe("signed in as the demo client", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  for (const width of [375, 1280]) {
    test(`axe finds no WCAG 2.2 AA violation on any tab, form or thread at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      for (const [tab, ready] of [
        ["websites", "Monthly Visitors"],
        ["domains", "riverabakery-catering.example"],
        ["billing", "Visa ending in 4242"],
        ["support", "Checkout page loads slowly on mobile"],
        ["team", "Owners manage the team"],
      ] as const) {
        await page.goto(`/dashboard?tab=${tab}`);
        await expect(page.getByText(ready).first()).toBeVisible();
        expect(await wcagViolations(page), `tab ${tab}`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal scroll on tab ${tab}`).toBeLessThanOrEqual(0);
      }
      await page.getByRole("button", { name: "Invite member" }).click();
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      expect(await wcagViolations(page), "team invitation form with errors").toEqual([]);

      await page.goto("/dashboard?tab=support");
      await page.getByRole("button", { name: /^View ticket: Add a holiday/ }).click();
      await expect(page.getByText("On it! We will have a draft banner")).toBeVisible();
      expect(await wcagViolations(page), "ticket thread").toEqual([]);

      await page.goto("/dashboard?tab=support&new=1");
      await page.getByRole("button", { name: "Submit Ticket" }).click();
      await expect(page.getByText("Subject must be at least 5 characters")).toBeVisible();
      expect(await wcagViolations(page), "new ticket form with errors").toEqual([]);
    });
  }

  test("the header, the four stat cards and the website card", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jordan");
    await expect(
      page.getByText("Manage your websites, domains, and support tickets"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Website" })).toHaveAttribute(
      "href",
      "/pricing",
    );

    await expect(stat(page, "Active Websites")).toHaveText("1");
    await expect(stat(page, "Total Visitors")).toHaveText("3,120");
    await expect(stat(page, "Avg. Uptime")).toHaveText("99.94%");
    await expect(stat(page, "Bandwidth Used")).toHaveText(formatBytes(demoBandwidthThisMonth()));

    await expect(page.getByRole("tab", { name: "My Websites" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const site = itemWithHeading(page, "riverabakery.example");
    await expect(site).toContainText("VPS Hosting");
    await expect(site).toContainText("Active");
    await expect(site.locator('dt:has-text("Monthly Visitors") + dd')).toHaveText("3,120");
    await expect(site.locator('dt:has-text("Uptime") + dd')).toHaveText("99.94%");
    const visit = site.getByRole("link", { name: /^Visit riverabakery\.example/ });
    await expect(visit).toHaveAttribute("href", "https://riverabakery.example");
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", "noopener noreferrer");

    await site.getByRole("button", { name: "Manage riverabakery.example" }).click();
    await expectTicketForm(page, "Change request for riverabakery.example");
    await expect(page.getByRole("tab", { name: "Support" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("?tab= chooses the tab and the arrow keys move between tabs", async ({ page }) => {
    await page.goto("/dashboard?tab=billing");
    const billing = page.getByRole("tab", { name: "Billing" });
    await expect(billing).toHaveAttribute("aria-selected", "true");
    await billing.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Support" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Support" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page).toHaveURL("/dashboard?tab=support");
    await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeVisible();
    // Radix moves focus on the next tick: each press starts from where the last one landed.
    await page.keyboard.press("ArrowLeft");
    await expect(billing).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Domains" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page).toHaveURL("/dashboard?tab=domains");
  });

  test("domains: expiry, auto-renew on and off, the flag, and a switch that persists", async ({
    page,
  }) => {
    await page.goto("/dashboard?tab=domains");
    const rows = page.getByRole("list").filter({ has: page.getByRole("switch") });
    const main = itemWithHeading(page, "riverabakery.example", rows);
    const catering = itemWithHeading(page, "riverabakery-catering.example", rows);
    await expect(main).toContainText(/Expires [A-Z][a-z]{2} \d{1,2}, \d{4} · entered by staff/);
    await expect(main).toContainText("Auto-Renew On");
    await expect(main).not.toContainText("Expires in");
    await expect(catering).toContainText(/Expires [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(catering).toContainText("Auto-Renew Off");
    await expect(catering).toContainText("Expires in 21 days");

    const toggle = page.getByRole("switch", {
      name: "Auto-renew for riverabakery-catering.example",
    });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("Auto-renew turned on", { exact: true })).toBeVisible();
    await expect(catering).toContainText("Auto-Renew On");

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(catering).toContainText("Auto-Renew On");

    // Put it back for the other tests.
    await toggle.click();
    await expect(page.getByText("Auto-renew turned off", { exact: true })).toBeVisible();
    await page.reload();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(catering).toContainText("Auto-Renew Off");

    await catering.getByRole("button", { name: "Manage riverabakery-catering.example" }).click();
    await expectTicketForm(page, "Domain request for riverabakery-catering.example");
  });

  test("a long domain wraps only after a dot or hyphen, and a tapped tab looks the same at 375 and 1280 px", async ({
    page,
  }) => {
    /** The text before each line break of the heading, as drawn. */
    const textBeforeBreaks = (heading: Locator) =>
      heading.evaluate((element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(range.getBoundingClientRect().top);
          }
        }
        const text = element.textContent!;
        return tops.flatMap((top, i) =>
          i > 0 && top > tops[i - 1]! + 4 ? [text.slice(0, i)] : [],
        );
      });
    const outlines = new Map<number, string>();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard");
      const domainsTab = page.getByRole("tab", { name: "Domains" });
      await domainsTab.click();
      await expect(domainsTab).toHaveAttribute("aria-selected", "true");
      outlines.set(width, await domainsTab.evaluate((tab) => getComputedStyle(tab).outlineStyle));

      const heading = page.getByRole("heading", { name: "riverabakery-catering.example" });
      const breaks = await textBeforeBreaks(heading);
      if (width === 375) expect(breaks.length, "the name wraps on a phone").toBeGreaterThan(0);
      for (const before of breaks) expect(before, `${width} px`).toMatch(/[.-]$/);
    }
    // A tap or click selects without the keyboard's focus ring, at every width.
    expect(outlines.get(375)).toBe(outlines.get(1280));
    expect(outlines.get(375)).toBe("none");
    // The keyboard still shows where focus is.
    await page.keyboard.press("ArrowRight");
    const billing = page.getByRole("tab", { name: "Billing" });
    await expect(billing).toBeFocused();
    await expect(billing).toHaveCSS("outline-style", "solid");
  });

  test("billing: the plan at $24.99 monthly, the Visa ending in 4242, and how to pay", async ({
    page,
  }) => {
    await page.goto("/dashboard?tab=billing");
    const panel = page.getByRole("tabpanel", { name: "Billing" });
    await expect(panel.getByRole("heading", { name: "Current Plan" })).toBeVisible();
    await expect(panel).toContainText("VPS Hosting");
    await expect(panel).toContainText("$24.99");
    await expect(panel).toContainText("monthly");
    await expect(panel.locator('dt:has-text("Next billing date") + dd')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(panel.getByRole("heading", { name: "Payment Method" })).toBeVisible();
    await expect(panel).toContainText("Visa ending in 4242");
    await expect(panel).toContainText(`Expires 08/${new Date().getUTCFullYear() + 2}`);
    // This server takes no cards (no Stripe keys): invoices say how to pay by transfer or check,
    // and nothing offers to change the card.
    await expect(panel).toContainText("Invoices can be paid by bank transfer or check");
    await expect(panel.getByRole("button", { name: "Update Payment Method" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Pay now" })).toHaveCount(0);

    // Upgrade Plan offers the catalogue's monthly plans, in place of the current one.
    await panel.getByRole("button", { name: "Upgrade Plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade Plan" });
    await expect(dialog.getByRole("radio", { name: /Business Hosting/ })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /Standard Care/ })).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "Instead of" })).toContainText("VPS Hosting");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Upgrade Plan" })).toBeFocused();
  });

  test("support: both demo tickets with status and priority, and a thread", async ({ page }) => {
    await page.goto("/dashboard?tab=support");
    await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeVisible();
    const slow = itemWithHeading(page, "Checkout page loads slowly on mobile");
    // Seeded "open"; the back-office journey (admin.spec.ts) may have set it to Waiting meanwhile.
    await expect(slow.getByText(/^(Open|Waiting)$/)).toBeVisible();
    await expect(slow).toContainText("High priority");
    await expect(slow).toContainText("Opened 2 days ago by Jordan Rivera");
    const banner = itemWithHeading(page, "Add a holiday hours banner to the home page");
    await expect(banner.getByText("In Progress", { exact: true })).toBeVisible();
    await expect(banner).toContainText("Medium priority");
    await expect(banner).toContainText("Opened 6 days ago");

    await banner.getByRole("button", { name: /^View/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=support&ticket=[0-9a-f-]{36}$/);
    const subject = page.getByRole("heading", {
      name: "Add a holiday hours banner to the home page",
    });
    await expect(subject).toBeFocused();
    await expect(page.getByRole("article", { name: "Message from Jordan Rivera" })).toContainText(
      "Could you add a banner with our holiday hours",
    );
    await expect(
      page.getByRole("article", { name: "Reply from Avery Harbor (Harborline)" }),
    ).toContainText("On it! We will have a draft banner");

    await page.getByRole("button", { name: "Back to tickets" }).click();
    await expect(page).toHaveURL("/dashboard?tab=support");
    await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeFocused();
  });

  test("a new ticket: field errors, then created, listed, viewed and replied to", async ({
    page,
  }) => {
    const subject = `Menu page typo ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await page.goto("/dashboard?tab=support");
    await page.getByRole("button", { name: "New Ticket" }).click();
    await expect(page).toHaveURL("/dashboard?tab=support&new=1");
    await expect(page.getByLabel("Subject")).toBeFocused();

    await page.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(page.getByText("Subject must be at least 5 characters")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Subject").fill(subject);
    await page.getByRole("combobox", { name: "Priority" }).click();
    // Urgent is staff's to set: the client chooses from low, medium and high.
    await expect(page.getByRole("option")).toHaveText(["Low", "Medium", "High"]);
    await page.getByRole("option", { name: "High" }).click();
    await page.getByLabel("Message").fill("The lunch menu says 'sandwhich'. Please fix the typo.");
    await page.getByRole("button", { name: "Submit Ticket" }).click();

    await expect(page.getByText("Ticket created", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/dashboard?tab=support");
    const card = itemWithHeading(page, subject);
    await expect(card.getByText("Open", { exact: true })).toBeVisible();
    await expect(card).toContainText("High priority");
    await expect(card).toContainText("Opened just now");

    await card.getByRole("button", { name: `View ticket: ${subject}` }).click();
    await expect(page.getByRole("heading", { name: subject })).toBeFocused();
    await expect(page.getByRole("article", { name: "Message from Jordan Rivera" })).toContainText(
      "Please fix the typo.",
    );

    await page.getByLabel("Your reply").fill("Too short");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();

    const reply = "Also, the Saturday hours should read 9 to 3.";
    await page.getByLabel("Your reply").fill(reply);
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(page.getByText("Reply sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: "Message from Jordan Rivera" })).toHaveCount(2);
    await expect(page.getByRole("article").last()).toContainText(reply);
    await expect(page.getByLabel("Your reply")).toHaveValue("");

    await page.reload();
    await expect(page.getByRole("article").last()).toContainText(reply);
  });

  test("?tab=support&new=1 opens the New Ticket form directly", async ({ page }) => {
    await page.goto("/dashboard?tab=support&new=1");
    await expect(page.getByRole("heading", { name: "New Ticket" })).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Priority" })).toHaveText("Medium");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/dashboard?tab=support");
    await expect(page.getByRole("heading", { name: "New Ticket" })).toHaveCount(0);
  });

  test("a session that ends while the dashboard is open sends the client to sign in", async ({
    page,
  }) => {
    // The page moves on 500 ms after the toast, which a loaded machine's polling can miss:
    // whether the toast showed is recorded as it happens.
    await page.addInitScript(() => {
      if (location.pathname !== "/dashboard") return;
      new MutationObserver(() => {
        const toast = document.querySelector("[role=region][aria-label^=Notifications]");
        if (toast?.textContent?.includes("Unauthorized"))
          sessionStorage.setItem("toast-on-dashboard", "Unauthorized");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/dashboard");
    await expect(stat(page, "Total Visitors")).toHaveText("3,120");
    // Every read the dashboard makes as it opens (the project card's among them) has answered:
    // the session ends while the page sits open, and the next read meets it.
    await expect(page.getByText("Your project")).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The toasts' code comes once the page has settled: with it in, the toast shows at the 401.
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
    await page.request.post("/api/logout");
    await page.getByRole("tab", { name: "Domains" }).click();
    await expect(page).toHaveURL("/login?returnTo=%2Fdashboard%3Ftab%3Ddomains");
    const toast = await page.evaluate(() => sessionStorage.getItem("toast-on-dashboard"));
    expect(toast).toBe("Unauthorized");
  });
});

test("signed out, /dashboard shows Loading..., the Unauthorized toast, then the sign-in page", async ({
  page,
}) => {
  // The page moves on after 500 ms, so what it showed is recorded as it happens.
  await page.addInitScript(() => {
    if (location.pathname !== "/dashboard") return;
    const phrases = ["Loading...", "Unauthorized", "You are logged out. Logging in again..."];
    const seen = new Set<string>();
    new MutationObserver(() => {
      const text = document.body?.innerText ?? "";
      for (const phrase of phrases) if (text.includes(phrase)) seen.add(phrase);
      sessionStorage.setItem("seen-on-dashboard", JSON.stringify([...seen]));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?returnTo=%2Fdashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
  const seen = await page.evaluate(() => sessionStorage.getItem("seen-on-dashboard"));
  expect(JSON.parse(seen ?? "[]")).toEqual([
    "Loading...",
    "Unauthorized",
    "You are logged out. Logging in again...",
  ]);
});
