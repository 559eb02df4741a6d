import { expect, test, type Page } from "@playwright/test";
import { formReady, humanPause } from "./support/forms";

/** Presses Tab until the focused element matches, failing after `limit` presses. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await matches()) return;
  }
  throw new Error("the element was not reached with Tab");
}

/**
 * After a refused send, react-hook-form focuses the first invalid field at once and again on a
 * zero-delay timer. Typing that starts before the timer (only a test is that fast, and only on a
 * loaded machine) would be moved to whichever field is invalid by then: wait the timer out.
 */
const afterRefusedSend = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));

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
    const readyAt = await formReady(page);
    const send = page.getByRole("button", { name: "Send Message" });
    await tabTo(page, async () => send.evaluate((el) => el === document.activeElement));
    await page.keyboard.press("Enter");
    // Focus moves to the first invalid field, whose message is announced beside it.
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await expect(name).toBeFocused();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await afterRefusedSend(page);

    await page.keyboard.type("Kim Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@keyboard.example");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard-only visit");
    await page.keyboard.press("Tab");
    await page.keyboard.type("I sent this without touching a mouse at all.");
    await humanPause(page, readyAt);
    await tabTo(page, async () => send.evaluate((el) => el === document.activeElement));
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
    await page.keyboard.press("Enter");
    expect((await answer).status()).toBe(201);
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Message sent!"),
    ).toBeVisible();
  });

  test("the apply form's errors are reached, its choices made and it is sent without a mouse", async ({
    page,
  }) => {
    await page.goto("/apply");
    const readyAt = await formReady(page);
    const submit = page.getByRole("button", { name: "Submit Application" });
    await tabTo(page, async () => submit.evaluate((el) => el === document.activeElement));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toBeFocused();
    await expect(page.getByText("Please select a project type")).toBeVisible();
    await expect(
      page.getByText("Please provide at least 20 characters describing your project"),
    ).toBeVisible();
    await afterRefusedSend(page);

    await page.keyboard.type("Kim Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@keyboard.example");
    await page.keyboard.press("Tab"); // phone and company are optional
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const projectType = page.getByRole("combobox", { name: "Project Type", exact: true });
    await expect(projectType).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("option", { name: "Website Design & Build" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "Web Application Development" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(projectType).toHaveText(/Web Application Development/);
    await expect(projectType).toBeFocused();
    await page.keyboard.press("Tab"); // budget stays "not chosen"
    await page.keyboard.press("Tab");
    const timeline = page.getByRole("combobox", { name: "Desired Timeline", exact: true });
    await expect(timeline).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.type("Flex"); // typeahead
    await expect(page.getByRole("option", { name: "Flexible" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(timeline).toHaveText(/Flexible/);
    await page.keyboard.press("Tab");
    await page.keyboard.type("A booking site for our studio, sent from the keyboard alone.");

    await humanPause(page, readyAt);
    await tabTo(page, async () => submit.evaluate((el) => el === document.activeElement));
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/apply"));
    await page.keyboard.press("Enter");
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: "Kim Keyboard",
      projectType: "app",
      timeline: "flexible",
    });
    await expect(
      page.getByRole("heading", { level: 1, name: "Application Received!" }),
    ).toBeFocused();
  });

  test("focus is never hidden under the sticky header, tabbing down the page or back up", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ reducedMotion: "reduce" }); // scrolls land at once
    await page.goto("/apply");
    await formReady(page);
    // How far the focused element's top is below the header's bottom (negative: under it).
    const clearance = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        const header = document.querySelector("header");
        if (!focused || !header || header.contains(focused)) return null;
        return focused.getBoundingClientRect().top - header.getBoundingClientRect().bottom;
      });
    const fullName = page.getByRole("textbox", { name: "Full Name", exact: true });
    await tabTo(page, async () => fullName.evaluate((el) => el === document.activeElement));

    const seen: string[] = [];
    const walk = async (key: "Tab" | "Shift+Tab", stop: () => Promise<boolean>) => {
      for (let i = 0; i < 40 && !(await stop()); i++) {
        await page.keyboard.press(key);
        const gap = await clearance();
        if (gap !== null)
          expect(gap, `${key} to ${await focusedName(page)}`).toBeGreaterThanOrEqual(0);
        seen.push(await focusedName(page));
      }
    };
    // Down the form, past the aside, to the footer's links.
    await walk("Tab", async () => (await focusedName(page)) === "Contact" && seen.length > 10);
    // And back up to the top of the form, where the page must scroll the field out from under
    // the header.
    await walk("Shift+Tab", async () => fullName.evaluate((el) => el === document.activeElement));
    await expect(fullName).toBeFocused();
    // The walk went past the whole form, its button included.
    expect(seen).toContain("Submit Application");
  });

  test("with reduced motion asked for, nothing on a page moves; without it, the hero rises in", async ({
    page,
  }) => {
    const longestAnimation = () =>
      page.evaluate(() =>
        Math.max(
          0,
          ...document
            .getAnimations()
            .map((animation) => Number(animation.effect?.getComputedTiming().duration) || 0),
        ),
      );
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    expect(await longestAnimation()).toBeGreaterThan(100);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await longestAnimation()).toBeLessThan(1);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe("auto");
  });
});
