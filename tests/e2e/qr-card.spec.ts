import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test("the QR card draws the site's address and downloads it as harborline-qr-code.png", async ({
  page,
}) => {
  await page.goto("/contact");
  const card = page.getByRole("article", { name: "Scan to Visit Our Website" });
  await expect(card).toContainText(
    "Share this QR code with clients, on business cards, or in marketing materials. Scan it to instantly visit our website.",
  );
  await card.scrollIntoViewIfNeeded();
  const download = card.getByRole("button", { name: "Download QR Code" });
  await expect(download).toBeVisible();

  const origin = new URL(page.url()).origin;
  await expect(card.getByTestId("qr-address")).toHaveText(origin);
  const image = card.getByRole("img", { name: `QR code that opens ${origin}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe("harborline-qr-code.png");
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // IHDR: a 300 x 300 image.
  expect(bytes.readUInt32BE(16)).toBe(300);
  expect(bytes.readUInt32BE(20)).toBe(300);
});

test("the code is drawn as the card nears the screen, not while the visitor reads the top of the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/contact");
  // The header is live; the page island, and the card with it, waits for intent.
  await expect(page.locator("html[data-page-ready]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("article", { name: "Scan to Visit Our Website" });
  await expect(card.getByRole("img")).toHaveCount(0);
  // The drawing library's own chunk (from qrcode's browser build; "island-" in the islands' build).
  const qrLibrary = () => scripts.filter((path) => /^\/assets\/(island-)?browser-/.test(path));
  expect(qrLibrary()).toEqual([]);

  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("button", { name: "Download QR Code" })).toBeVisible();
  await expect(card.getByRole("img", { name: /QR code that opens/ })).toBeVisible();
  expect(qrLibrary()).toHaveLength(1);
});

test("the prerendered page has the card but no download button before the code is drawn", async ({
  request,
}) => {
  const html = await (await request.get("/contact")).text();
  expect(html).toContain("Scan to Visit Our Website");
  expect(html).not.toContain("Download QR Code");
});

test("a drawing failure is logged and keeps the button and address hidden", async ({ page }) => {
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.getContext = () => null;
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/contact");
  await page.getByRole("heading", { name: "Scan to Visit Our Website" }).scrollIntoViewIfNeeded();
  await expect
    .poll(() => errors.some((text) => text.includes("QR Code generation error")))
    .toBe(true);
  await expect(page.getByRole("button", { name: "Download QR Code" })).toHaveCount(0);
  await expect(page.getByTestId("qr-address")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /QR code that opens/ })).toHaveCount(0);
});
