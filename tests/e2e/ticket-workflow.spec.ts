import type { Browser, Page } from "@playwright/test";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * Issue 18's ticket workflow in the browser: a client opens a ticket about one of their
 * websites; staff see it in the queue with the site, the client's plan and the time left to the
 * first reply, take it and answer; the client marks it resolved; a ticket past its target is
 * highlighted. On a server of its own, so no other journey answers the seeded late ticket first.
 */

// One server for the file: its start is slow on a busy machine.
test.describe.configure({ mode: "serial" });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  server = await startOwnServer("tickets");
});

test.afterAll(async () => {
  await server?.close();
});

async function signedIn(browser: Browser, as: "client" | "admin", width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  expect((await page.request.post("/api/login/demo", { data: { as } })).status()).toBe(200);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const lateSubject = "Checkout page loads slowly on mobile";

test("a ticket about a website: queued with its plan and time left, taken, answered and resolved", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `Update the menu photos ${Date.now().toString(36)}`;

  // 1. The client opens a ticket about their website.
  const client = await signedIn(browser, "client");
  await client.goto("/dashboard?tab=support&new=1");
  await client.getByLabel("Subject").fill(subject);
  await choose(client, "Website", "riverabakery.example");
  await client
    .getByLabel("Message")
    .fill("The photos on the menu page are from last year. New ones are on the way.");
  await client.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(client.getByText("Ticket created", { exact: true })).toBeVisible();
  const card = client
    .getByRole("listitem")
    .filter({ has: client.getByRole("heading", { name: subject }) });
  await expect(card).toContainText("riverabakery.example");

  // 2. Staff see it in the queue: the site, the plan and the time left to the first reply.
  const staff = await signedIn(browser, "admin");
  await staff.goto("/admin/tickets");
  const row = staff.getByRole("row").filter({ hasText: subject });
  // The first read of the queue can be slow on a busy machine.
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText("riverabakery.example");
  await expect(row).toContainText("VPS Hosting · Standard (24 hr)");
  await expect(row).toContainText(/(24 hr|23 hr \d+ min) left/);
  await expect(row).toContainText("Unassigned");
  expect(await wcagViolations(staff), "ticket queue").toEqual([]);

  // 3. They take it and answer it.
  await row.getByRole("link", { name: subject }).click();
  await expect(staff.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(staff.getByRole("combobox", { name: "Website" })).toHaveText("riverabakery.example");
  await choose(staff, "Assignee", "Avery Harbor");
  await expect(staff.getByText("Assigned to Avery Harbor.")).toBeVisible();
  await expect(staff.getByRole("combobox", { name: "Assignee" })).toHaveText("Avery Harbor");
  const answer = "New photos are up on the menu page. Have a look and tell us what you think.";
  await staff.getByLabel("Reply to the client").fill(answer);
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByText("Reply sent.")).toBeVisible();
  await expect(staff.getByText(/^Answered in /)).toBeVisible();
  expect(await wcagViolations(staff), "staff ticket page").toEqual([]);

  await staff.goto("/admin/tickets");
  await choose(staff, "Assignee", "Assigned to me");
  await expect(staff).toHaveURL(/assignee=me/);
  const mine = staff.getByRole("row").filter({ hasText: subject });
  await expect(mine).toContainText("Avery Harbor");
  await expect(mine).toContainText(/Answered in (under 1 min|\d+ min)/);
  await expect(staff.getByRole("row").filter({ hasText: lateSubject })).toHaveCount(0);

  // 4. The client reads the answer and marks the ticket resolved, after confirming.
  await client.reload();
  await client.getByRole("button", { name: `View ticket: ${subject}` }).click();
  await expect(client.getByText("About riverabakery.example")).toBeVisible();
  await expect(
    client.getByRole("article", { name: "Reply from Avery Harbor (Harborline)" }),
  ).toContainText(answer);
  await client.getByRole("button", { name: "Mark as resolved" }).click();
  const confirm = client.getByRole("alertdialog", { name: "Mark this ticket as resolved?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Mark as resolved" }).click();
  await expect(client.getByText("Ticket resolved", { exact: true })).toBeVisible();
  await expect(client.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(client.getByRole("button", { name: "Mark as resolved" })).toHaveCount(0);
  await expect(
    client.getByText("This ticket is resolved. Sending a reply opens it again."),
  ).toBeVisible();
  expect(await wcagViolations(client), "client ticket page").toEqual([]);

  await staff.reload();
  await choose(staff, "Assignee", "Anyone");
  await expect(staff.getByRole("row").filter({ hasText: subject })).toContainText("Resolved");
});

for (const width of [375, 1280]) {
  test(`a late ticket stands out in the queue, in words and with an icon, at ${width} px`, async ({
    browser,
  }) => {
    const staff = await signedIn(browser, "admin", width);
    await staff.goto("/admin/tickets?sort=time-left");
    await expect(staff.getByRole("combobox", { name: "Sort by" })).toHaveText(
      "Time left to first reply",
    );
    const rows = staff.getByRole("row").filter({ has: staff.getByRole("link") });
    // The seeded ticket is a day past its 24-hour target, so the most urgent: first.
    const late = rows.first();
    await expect(late).toContainText(lateSubject);
    const badge = late.getByText(/^Late by 24 hr/);
    await expect(badge).toBeVisible();
    await expect(badge.locator("svg")).toHaveCount(1);
    await expect(late).toHaveAttribute("data-alert", "true");
    const tint = await late.evaluate((row) => getComputedStyle(row).backgroundColor);
    const answered = rows.filter({ hasText: "Add a holiday hours banner" });
    await expect(answered).toContainText("Answered in 2 hr 15 min");
    await expect(answered).not.toHaveAttribute("data-alert", "true");
    expect(tint).not.toBe(await answered.evaluate((row) => getComputedStyle(row).backgroundColor));
    // A phone shows each ticket as a card no wider than the screen.
    const box = await late.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });
}

const shots = process.env.E2E_SCREENSHOTS;

for (const width of [375, 1280]) {
  test(`staff write an internal note the client never sees, and answer from a saved reply, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const tag = `${width}-${Date.now().toString(36)}`;
    const subject = `The booking form lost an order ${tag}`;
    const note = `Their payment processor was down at 9:40; check its status page first ${tag}`;
    const client = await signedIn(browser, "client", width);
    const opened = await client.request.post("/api/tickets", {
      data: { subject, message: "A customer's catering order never reached us this morning." },
    });
    expect(opened.status()).toBe(201);
    const { id } = (await opened.json()) as { id: string };

    // 1. Staff switch to an internal note with the keyboard and write one: set apart in amber.
    const staff = await signedIn(browser, "admin", width);
    await staff.goto(`/admin/tickets/${id}`);
    await expect(staff.getByRole("heading", { level: 1, name: subject })).toBeVisible({
      timeout: 20_000,
    });
    await staff.getByRole("radio", { name: "Reply to client" }).focus();
    await staff.keyboard.press("ArrowRight");
    await expect(staff.getByRole("radio", { name: "Internal note" })).toBeChecked();
    await staff.getByRole("textbox", { name: "Note for staff" }).fill(note);
    await staff.getByRole("button", { name: "Add internal note" }).click();
    await expect(staff.getByText("Note added. Only staff see it.")).toBeVisible();
    const noted = staff.getByRole("article", {
      name: "Internal note from Avery Harbor (Harborline)",
    });
    await expect(noted).toContainText(note);
    await expect(noted.getByText("Internal note", { exact: true })).toBeVisible();
    const clientMessage = staff.getByRole("article", { name: "Client message from Jordan Rivera" });
    const background = (locator: typeof noted) =>
      locator.evaluate((element) => getComputedStyle(element.parentElement!).backgroundColor);
    expect(await background(noted)).not.toBe(await background(clientMessage));
    expect(await wcagViolations(staff), `internal note at ${width}`).toEqual([]);
    if (shots)
      await staff.screenshot({ path: `${shots}/ticket-note-${width}.png`, fullPage: true });

    // 2. A saved reply is written in the dialog, changed, then picked with the keyboard.
    await staff.getByRole("radio", { name: "Internal note" }).focus();
    await staff.keyboard.press("ArrowLeft");
    await expect(staff.getByRole("radio", { name: "Reply to client" })).toBeChecked();
    await staff.getByRole("button", { name: "Manage saved replies" }).click();
    const dialog = staff.getByRole("dialog", { name: "Saved replies" });
    await dialog.getByRole("button", { name: "New saved reply" }).click();
    const title = `Order recovered ${tag}`;
    await dialog.getByRole("button", { name: "Save reply" }).click();
    await expect(dialog.getByText("Give the saved reply a title")).toBeVisible();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Text").fill("We found the order and passed it to your kitchen.");
    await dialog.getByRole("button", { name: "Save reply" }).click();
    const saved = dialog.getByRole("listitem").filter({ hasText: title });
    await expect(saved).toContainText("passed it to your kitchen");
    await saved.getByRole("button", { name: `Edit ${title}` }).click();
    await dialog
      .getByLabel("Text")
      .fill("We found the order and passed it to your kitchen; they have it now.");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(saved).toContainText("they have it now");
    expect(await wcagViolations(staff), `saved replies at ${width}`).toEqual([]);
    if (shots) await staff.screenshot({ path: `${shots}/saved-replies-${width}.png` });
    await dialog.getByRole("button", { name: "Close" }).click();
    // Saving in the dialog sent nothing from the reply box under it.
    await expect(staff.getByText("Message must be at least 10 characters")).toHaveCount(0);

    const box = staff.getByRole("textbox", { name: "Reply to the client" });
    await box.fill("Hello Jordan, ");
    const picker = staff.getByRole("combobox", { name: "Insert a saved reply" });
    await picker.focus();
    await staff.keyboard.press("Enter");
    const option = staff.getByRole("option", { name: title });
    await expect(option).toBeVisible();
    // Type-ahead moves to the title; Enter inserts it at the caret, and focus goes to the box.
    await staff.keyboard.type("Order");
    await expect(option).toBeFocused();
    await staff.keyboard.press("Enter");
    await expect(box).toHaveValue(
      "Hello Jordan, We found the order and passed it to your kitchen; they have it now.",
    );
    await expect(box).toBeFocused();
    await staff.getByRole("button", { name: "Send reply" }).click();
    await expect(staff.getByText("Reply sent.")).toBeVisible();
    // The answer leaves the open ticket waiting for the client.
    await expect(staff.getByRole("combobox", { name: "Status" })).toHaveText("Waiting");

    // The saved reply is deleted, after a confirmation.
    await staff.getByRole("button", { name: "Manage saved replies" }).click();
    await dialog.getByRole("button", { name: `Delete ${title}` }).click();
    await staff.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();

    // 3. The client reads the answer, never the note: on the page or in what the API gives.
    await client.goto(`/dashboard?tab=support&ticket=${id}`);
    // The portal's first load can be slow on a busy machine.
    await expect(
      client.getByRole("article", { name: "Reply from Avery Harbor (Harborline)" }),
    ).toContainText("they have it now", { timeout: 20_000 });
    await expect(client.getByText(note)).toHaveCount(0);
    await expect(client.locator("body")).not.toContainText("Internal note");
    const read = await client.request.get(`/api/tickets/${id}`);
    expect(await read.text()).not.toContain(note);
    expect(await (await client.request.get("/api/notices")).text()).not.toContain(note);
    expect(await wcagViolations(client), `client ticket at ${width}`).toEqual([]);
  });
}
