import { expect, test } from "./support/fixtures";
import { expectFieldError, humanPause, notifications, textbox } from "./support/forms";

/*
 * The form pages are prerendered HTML with two islands: the header, and the page itself, whose
 * code (the form, its validation, its calendar) is fetched when the visitor is about to use it.
 * See docs/decisions/030-form-pages-hydrate-on-intent.md.
 */

/** The scripts the page has requested, by path. */
function scriptsOf(page: import("@playwright/test").Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("/contact fetches its form's code on the first focus, then sends and validates as before", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const formCode = () => scripts.filter((path) => path.startsWith("/assets/island-contact-"));
  await page.goto("/contact");
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(formCode()).toEqual([]);
  await expect(page.locator("form[data-ready]")).toHaveCount(0);

  const shownAt = Date.now();
  await textbox(page, "Name").focus();
  await expect.poll(() => formCode().length).toBe(1);
  await expect(page.locator("form[data-ready]")).toHaveCount(1);

  await page.getByRole("button", { name: "Send Message" }).click();
  await expectFieldError(page, textbox(page, "Name"), "Name must be at least 2 characters");
  await expectFieldError(page, textbox(page, "Email"), "Invalid email address");

  await textbox(page, "Name").fill("Island Ida");
  await textbox(page, "Email").fill("ida@island.example");
  await textbox(page, "Subject").fill("Sent from the island");
  await textbox(page, "Message").fill("The form came alive when I clicked into it.");
  await humanPause(page, shownAt);
  const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact"));
  await page.getByRole("button", { name: "Send Message" }).click();
  expect((await answer).status()).toBe(201);
  await expect(notifications(page).getByText("Message sent!")).toBeVisible();
});

test("/apply fetches its form's code on intent; /book its calendar as it comes into view", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/apply");
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  const applyCode = () => scripts.filter((path) => path.startsWith("/assets/island-apply-"));
  expect(applyCode()).toEqual([]);
  await textbox(page, "Full Name").focus();
  await expect.poll(() => applyCode().length).toBe(1);
  await expect(page.locator("form[data-ready]")).toHaveCount(1);

  await page.goto("/book");
  await expect
    .poll(() => scripts.filter((path) => path.startsWith("/assets/island-book-")).length)
    .toBe(1);
  await expect(page.getByRole("radio").first()).toBeVisible({ timeout: 15_000 });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form pages read, show their fields, and their links lead on", async ({ page }) => {
    for (const [path, field] of [
      ["/contact", "Name"],
      ["/apply", "Full Name"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(textbox(page, field)).toBeEditable();
    }
    await page.goto("/book");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/contact");
    await page.getByRole("main").getByRole("link", { name: /quote/i }).first().click();
    await expect(page).toHaveURL("/apply");
  });
});
