import { expect, test, type Page } from "@playwright/test";

/** Presses Tab until the focused element matches, failing after `limit` presses. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await matches()) return;
  }
  throw new Error("the element was not reached with Tab");
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim();
  });

test.describe("keyboard only", () => {
  test("the skip link jumps to the main content, and the header nav works with Enter", async ({
    page,
  }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);

    await page.goto("/");
    await tabTo(page, async () => (await focusedName(page)) === "Pricing");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/pricing");
  });

  test("the mobile menu opens, closes on Escape and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await tabTo(page, async () => (await focusedName(page)) === "Open menu");
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await expect(open).toBeFocused();
  });

  test("the contact form's errors are reached and the form is sent without a mouse", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.locator("form[data-ready]")).toHaveCount(1);
    const send = page.getByRole("button", { name: "Send Message" });
    await tabTo(page, async () => send.evaluate((el) => el === document.activeElement));
    await page.keyboard.press("Enter");
    // Focus moves to the first invalid field, whose message is announced beside it.
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await expect(name).toBeFocused();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();

    await page.keyboard.type("Kim Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@keyboard.example");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard-only visit");
    await page.keyboard.press("Tab");
    await page.keyboard.type("I sent this without touching a mouse at all.");
    await page.waitForTimeout(3_300); // the server keeps forms filled faster than people as spam
    await tabTo(page, async () => send.evaluate((el) => el === document.activeElement));
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await page.keyboard.press("Enter");
    expect((await answer).status()).toBe(201);
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Message sent!"),
    ).toBeVisible();
  });

  test("the apply form's errors are reached without a mouse", async ({ page }) => {
    await page.goto("/apply");
    await expect(page.locator("form[data-ready]")).toHaveCount(1);
    const submit = page.getByRole("button", { name: "Submit Application" });
    await tabTo(page, async () => submit.evaluate((el) => el === document.activeElement));
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("textbox", { name: "Full Name", exact: false }).first(),
    ).toBeFocused();
    await expect(page.getByText("Please select a project type")).toBeVisible();
    await expect(
      page.getByText("Please provide at least 20 characters describing your project"),
    ).toBeVisible();
  });
});
