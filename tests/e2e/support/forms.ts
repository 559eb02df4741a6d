import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { LeadDetail, LeadKind } from "../../../src/shared/schemas/leads";

/** The server keeps forms sent faster than a person could fill them in as spam. */
const HUMAN_FILL_MS = 3_300;

/**
 * Moves the pointer over the form, which fetches its code (a form page's island starts on
 * intent), waits until it is hydrated (its submit handled by the app) and returns when that was.
 */
export async function formReady(page: Page): Promise<number> {
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await page.locator("form").first().hover();
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  return Date.now();
}

/** Waits out the rest of a person's fill time, counted from when the form was ready. */
export async function humanPause(page: Page, readyAt: number) {
  const rest = HUMAN_FILL_MS - (Date.now() - readyAt);
  if (rest > 0) await page.waitForTimeout(rest);
}

export const textbox = (page: Page, name: string) =>
  page.getByRole("textbox", { name, exact: true });
export const combobox = (page: Page, name: string) =>
  page.getByRole("combobox", { name, exact: true });
export const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The field shows the message beside it, announced, linked and marked invalid. */
export async function expectFieldError(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const errorId = (await control.getAttribute("aria-describedby"))?.split(" ")[0];
  const error = page.locator(`[id="${errorId}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute("role", "alert");
  await expect(error).toBeVisible();
}

/** The field is no longer marked invalid and its message is gone. */
export async function expectFieldValid(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The lead as stored, read through a staff session (see `apiSignedInAs("admin")`). */
export async function storedLead(
  staff: APIRequestContext,
  kind: LeadKind,
  id: string,
): Promise<LeadDetail> {
  const response = await staff.get(`/api/admin/leads/${kind}/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LeadDetail;
}

export const fieldValue = (lead: LeadDetail, label: string) =>
  lead.fields.find((field) => field.label === label)?.value;
