import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * The back office's webhooks page: staff add an endpoint, see its signing secret once, find it
 * in the list with its events and open its delivery log; axe passes and nothing scrolls sideways
 * at phone and desktop widths.
 */

const shots = process.env.E2E_SCREENSHOTS;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

for (const width of [375, 1280]) {
  test(`staff add a webhook endpoint and read its deliveries; axe passes at ${width} px`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn("admin");
    // The page is in the account menu, beside the API tokens.
    await page.goto("/admin");
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page
      .getByRole("dialog", { name: "Account" })
      .getByRole("link", { name: "Webhooks" })
      .click();
    await expect(page).toHaveURL("/admin/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible({
      timeout: 15_000,
    });
    const check = async (what: string) => {
      expect(await wcagViolations(page), what).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
    };
    await check("the empty form");

    // Refused in the form's own words before anything is sent.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Choose at least one event")).toBeVisible();
    await check("the form's messages");

    const url = `https://hooks.example.com/${unique()}`;
    await page.getByLabel("URL", { exact: true }).fill(url);
    await page.getByRole("checkbox", { name: /ticket\.created/ }).check();
    await page.getByRole("checkbox", { name: /invoice\.paid/ }).check();
    await page.getByLabel("Description (optional)").fill("The CRM");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = page.getByLabel("The endpoint's signing secret");
    await expect(secret).toHaveValue(/^whsec_/);
    await check("the secret shown once");
    if (shots)
      await page.screenshot({ path: `${shots}/webhooks-secret-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: "I have copied it" }).click();

    const endpoint = page.getByRole("listitem").filter({ hasText: url });
    await expect(endpoint).toContainText("invoice.paid, ticket.created");
    await endpoint.getByRole("button", { name: "Deliveries" }).click();
    await expect(endpoint.getByText("No deliveries yet.")).toBeVisible();
    await check("an endpoint and its delivery log");
    if (shots) await page.screenshot({ path: `${shots}/webhooks-${width}.png`, fullPage: true });
    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(endpoint).toContainText("Disabled");
  });
}
