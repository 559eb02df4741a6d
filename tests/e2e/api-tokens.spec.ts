import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * API tokens in the back office, as the demo staff member makes one for a program: a name, the
 * scopes and an expiry; the token shown once; the program lists leads with it and is refused a
 * write; staff revoke it, and the program is refused altogether.
 */

const screenshots = process.env.API_TOKEN_SCREENSHOTS;

/** axe at a phone's width and a desktop's, no sideways scroll; a screenshot when asked for. */
async function expectAccessible(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `${what} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `horizontal scroll: ${what} at ${width} px`).toBeLessThanOrEqual(0);
    if (screenshots) {
      const path = `${screenshots}/${what.replace(/\W+/g, "-")}-${width}.png`;
      await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("API tokens", () => {
  test.beforeEach(async ({ signIn }) => signIn("admin"));

  test("staff create a token, a program reads with it and is refused a write, then staff revoke it", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The page is in the account menu, beside the account page.
    await page.goto("/admin");
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page
      .getByRole("dialog", { name: "Account" })
      .getByRole("link", { name: "API tokens" })
      .click();
    await expect(page).toHaveURL("/admin/api-tokens");
    await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible({
      timeout: 15_000,
    });
    const form = page.getByRole("form", { name: "New API token" });
    // Nothing chosen: each refusal in its place, in words.
    await form.getByRole("button", { name: "Create token" }).click();
    await expect(form.getByText("Name the token, e.g. the program that uses it")).toBeVisible();
    await expect(form.getByText("Choose at least one scope")).toBeVisible();
    await expectAccessible(page, "api tokens form refused");

    await form.getByLabel("Name").fill("CRM sync");
    await form.getByRole("checkbox", { name: "Leads: read" }).check();
    await form.getByRole("button", { name: "Create token" }).click();
    const secret = page.getByLabel("The new API token");
    await expect(secret).toBeVisible();
    const token = await secret.inputValue();
    expect(token).toMatch(/^hla_/);
    const table = page.getByRole("table", { name: "API tokens, newest first" });
    await expect(table.getByText("CRM sync")).toBeVisible();
    await expectAccessible(page, "api token shown once");

    // The program: no cookie, only the token.
    const program = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    const leads = await program.get("/api/admin/leads");
    expect(leads.status()).toBe(200);
    const write = await program.post("/api/admin/tickets", { data: {} });
    expect(write.status()).toBe(403);
    expect((await write.json()).message).toBe("This token lacks the tickets:write scope");

    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect(secret).toBeHidden();
    await page.getByRole("button", { name: "Revoke CRM sync" }).click();
    await page.getByRole("button", { name: "Revoke token" }).click();
    await expect(table.getByText(/^Revoked /)).toBeVisible();
    await expectAccessible(page, "api token revoked");
    const refused = await program.get("/api/admin/leads");
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: "Unauthorized" });
    await program.dispose();
  });
});
