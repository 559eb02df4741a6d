import { expect, test } from "@playwright/test";
import { wcagViolations } from "./support/axe";
import { combobox, formReady, humanPause, textbox } from "./support/forms";

test("the error states, the chat dialog and the received state meet WCAG 2.2 AA", async ({
  page,
}) => {
  test.slow(); // four axe runs
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/contact");
  await formReady(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Start Chat" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto("/apply");
  const readyAt = await formReady(page);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await textbox(page, "Full Name").fill("Dev Patel");
  await textbox(page, "Email Address").fill("dev@harborcoffee.example");
  await combobox(page, "Project Type").click();
  await page.getByRole("option", { name: "Management & Maintenance" }).click();
  await textbox(page, "Project Description").fill("Monthly care for our two websites.");
  await humanPause(page, readyAt);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("heading", { name: "Application Received!" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
