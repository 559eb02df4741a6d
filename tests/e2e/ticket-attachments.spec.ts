import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * Files on tickets, in the real browser against the real server: a client attaches a screenshot
 * (chosen, dropped and pasted), watches it upload, sends, sees the thumbnail and downloads the
 * very same bytes; staff see and download it too. Refusals are said beside each file.
 */

/** A screenshot-like PNG, a little different each run. */
const screenshot = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 200, g: 160, b: Math.floor(Math.random() * 255) },
    },
  })
    .png()
    .toBuffer();

/** Hands the page a file the way a drop or a paste does: a DataTransfer holding it. */
/** A lazy thumbnail's decoded width, once it is scrolled into view and loaded; 0 before. */
async function loadedWidth(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

function dataTransferWith(page: Page, name: string, type: string, bytes: Buffer) {
  return page.evaluateHandle(
    ({ name, type, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, type, base64: bytes.toString("base64") },
  );
}

async function dropFile(page: Page, target: Locator, name: string, type: string, bytes: Buffer) {
  const dataTransfer = await dataTransferWith(page, name, type, bytes);
  await target.dispatchEvent("dragenter", { dataTransfer });
  await expect(page.getByText("Drop files to attach them")).toBeVisible();
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByText("Drop files to attach them")).toBeHidden();
}

async function pasteFile(page: Page, target: Locator, name: string, type: string, bytes: Buffer) {
  const dataTransfer = await dataTransferWith(page, name, type, bytes);
  await target.evaluate((element, clipboardData) => {
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  }, dataTransfer);
}

/** Slows this page's uploads down so their progress can be seen (and back with null). */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

test("a client attaches a screenshot to a new ticket; the thread shows it and both sides download it", async ({
  page,
  signIn,
  apiSignedInAs,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn("client");
  const subject = `Banner cut off ${Date.now()}`;
  const photo = await screenshot(1400, 900);
  const notes = Buffer.from("Seen on an iPhone 13, Safari, portrait.\n");
  const pasted = await screenshot(600, 400);

  await page.goto("/dashboard?tab=support&new=1");
  await page.getByLabel("Subject").fill(subject);
  const message = page.getByLabel("Message");
  await message.fill("The banner on the home page is cut off on my phone, see the screenshot.");
  const form = page.locator("form", { has: page.getByLabel("Subject") });

  // Chosen with the button's file input, on a slow line: the progress shows and sending waits.
  await throttleUploads(page, 400 * 1024);
  // Noise does not compress: about 1.9 MB, a few seconds on the slowed line.
  const big = await sharp(randomBytes(800 * 800 * 3), {
    raw: { width: 800, height: 800, channels: 3 },
  })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({
    name: "home-banner.png",
    mimeType: "image/png",
    buffer: big,
  });
  const progress = page.getByRole("progressbar", { name: "Uploading home-banner.png" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Ticket" })).toBeDisabled();
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await throttleUploads(page, null);
  await expect(page.getByText(/^Attached ·/)).toHaveCount(1, { timeout: 30_000 });
  await expect(
    page.getByRole("status").filter({ hasText: "home-banner.png attached." }),
  ).toHaveCount(1);

  // Removed before sending, then the real screenshot chosen instead.
  const files = page.getByRole("list", { name: "Files to send" });
  await page.getByRole("button", { name: "Remove home-banner.png" }).click();
  await expect(files.getByText("home-banner.png")).toHaveCount(0);
  await form.locator('input[type="file"]').setInputFiles({
    name: "banner.png",
    mimeType: "image/png",
    buffer: photo,
  });
  // Dropped onto the form, and pasted into the message box.
  await dropFile(page, form, "notes.txt", "text/plain", notes);
  await pasteFile(page, message, "image.png", "image/png", pasted);
  await expect(files.getByRole("listitem")).toHaveCount(3);
  await expect(files.getByText(/^Attached ·/)).toHaveCount(3);
  await expect(files.getByText("pasted-image-1.png")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Ticket" })).toBeEnabled();
  expect(await wcagViolations(page), "new ticket form with files").toEqual([]);
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByText("Ticket created").first()).toBeVisible();

  await page.getByRole("button", { name: `View ticket: ${subject}` }).click();
  const thumbnail = page.getByRole("img", { name: /^banner\.png, / });
  await expect(thumbnail).toBeVisible();
  await expect(page.getByRole("img", { name: /^pasted-image-1\.png, / })).toBeVisible();
  await expect.poll(() => loadedWidth(thumbnail)).toBe(320);
  await expect(page.getByRole("link", { name: /notes\.txt/ })).toBeVisible();
  expect(await wcagViolations(page), "thread with files").toEqual([]);

  // Clicking the thumbnail downloads the file itself: the very bytes sent.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^banner\.png, / }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("banner.png");
  expect((await readFile((await download.path())!)).equals(photo)).toBe(true);
  const [text] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /notes\.txt/ }).click(),
  ]);
  expect((await readFile((await text.path())!)).equals(notes)).toBe(true);

  // Staff see the same thread, thumbnails and all, in the back office.
  const tickets = (await (await page.request.get("/api/tickets")).json()) as {
    id: string;
    subject: string;
  }[];
  const ticket = tickets.find((item) => item.subject === subject)!;
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  expect(
    (await staffPage.request.post("/api/login/demo", { data: { as: "admin" } })).status(),
  ).toBe(200);
  await staffPage.goto(`/admin/tickets/${ticket.id}`);
  const staffThumbnail = staffPage.getByRole("img", { name: /^banner\.png, / });
  await expect(staffThumbnail).toBeVisible();
  await expect.poll(() => loadedWidth(staffThumbnail)).toBe(320);
  expect(await wcagViolations(staffPage), "staff thread with files").toEqual([]);
  const [staffDownload] = await Promise.all([
    staffPage.waitForEvent("download"),
    staffPage.getByRole("link", { name: /^banner\.png, / }).click(),
  ]);
  expect((await readFile((await staffDownload.path())!)).equals(photo)).toBe(true);

  // Staff answer with a file of their own; the client finds it in the thread.
  const staffForm = staffPage.locator("form", { has: staffPage.getByLabel("Reply to the client") });
  const fixed = await screenshot(900, 500);
  await staffForm.locator('input[type="file"]').setInputFiles({
    name: "banner-fixed.png",
    mimeType: "image/png",
    buffer: fixed,
  });
  await expect(staffForm.getByText(/^Attached ·/)).toHaveCount(1);
  await staffForm.getByLabel("Reply to the client").fill("Fixed: the banner now fits phones.");
  await staffForm.getByRole("button", { name: "Send reply" }).click();
  await expect(staffPage.getByRole("img", { name: /^banner-fixed\.png, / })).toBeVisible();
  await staffContext.close();
  // The thread, read afresh (its address keeps it open).
  await page.reload();
  const [fromStaff] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^banner-fixed\.png, / }).click(),
  ]);
  expect((await readFile((await fromStaff.path())!)).equals(fixed)).toBe(true);

  // The file's address is the company's: signed out, it is not there.
  const href = await page.getByRole("link", { name: /^banner\.png, / }).getAttribute("href");
  const anonymous = await apiSignedInAs("client");
  await anonymous.post("/api/logout");
  expect((await anonymous.get(href!)).status()).toBe(401);
});

test("refusals are said beside each file: too large, wrong kind, more than five", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn("client");
  await page.goto("/dashboard?tab=support");
  await page.getByRole("button", { name: /^View ticket: Add a holiday/ }).click();
  const form = page.locator("form", { has: page.getByLabel("Your reply") });
  const input = form.locator('input[type="file"]');
  const files = form.getByRole("list", { name: "Files to send" });

  await input.setInputFiles({
    name: "site-backup.zip",
    mimeType: "application/zip",
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expect(files.getByText(/^site-backup\.zip is larger than 10 MB\./)).toBeVisible();

  // An .exe renamed .png: the browser cannot tell, the server reads its bytes and refuses it.
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0);
  exe.writeUInt32LE(128, 60);
  exe.write("PE\0\0", 128);
  await input.setInputFiles({ name: "invoice.png", mimeType: "image/png", buffer: exe });
  await expect(files.getByText(/^invoice\.png cannot be attached: only images/)).toBeVisible();

  const shot = await screenshot(200, 100);
  await input.setInputFiles(
    [1, 2, 3, 4, 5, 6].map((n) => ({ name: `shot-${n}.png`, mimeType: "image/png", buffer: shot })),
  );
  await expect(files.getByText(/^Attached ·/)).toHaveCount(5);
  await expect(
    files.getByText("shot-6.png was not added: At most 5 files can be attached to a message."),
  ).toBeVisible();
  expect(await wcagViolations(page), "reply form with refused files").toEqual([]);
  // Refused files are dismissed; the five go with the reply.
  for (const name of ["site-backup.zip", "invoice.png", "shot-6.png"]) {
    await form.getByRole("button", { name: `Dismiss ${name}` }).click();
  }
  await form.getByLabel("Your reply").fill("Five screenshots of the holiday banner, as promised.");
  await form.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByText("Reply sent").first()).toBeVisible();
  const last = page.getByRole("article").last();
  await expect(last.getByRole("img", { name: /^shot-\d\.png, / })).toHaveCount(5);
});
