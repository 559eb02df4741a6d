import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { emailedLink } from "./support/outbox";

/*
 * The bell, from both sides. The client is a company the test invites for itself, so its count
 * moves only with what this test does (other journeys answer the demo client's tickets meanwhile).
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Staff invite a client company; its owner's browser signs in with the emailed link. */
async function newClient(page: Page, browser: Browser, baseURL: string) {
  const email = `bell.${unique()}@harbor.example`;
  const invited = await page.request.post("/api/admin/clients", {
    data: { email, companyName: `Bell Test ${unique()}`, firstName: "Robin" },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const client = await context.newPage();
  // The page's clock runs as usual until the test moves it on, past the bell's next poll.
  await client.clock.install();
  await client.goto(await emailedLink(email));
  await expect(client).toHaveURL(/\/dashboard/);
  return { email, client, close: () => context.close() };
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

test("staff reply; the client's bell counts it, lists it, opens the ticket, and counts down", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const { client, close } = await newClient(page, browser, baseURL!);
  try {
    const subject = `Bell check ${unique()}`;
    const opened = await client.request.post("/api/tickets", {
      data: { subject, message: "The opening hours on the home page are out of date." },
    });
    expect(opened.status()).toBe(201);
    const ticketId = ((await opened.json()) as { id: string }).id;
    const number = `#${ticketId.slice(0, 8).toUpperCase()}`;

    // The receipt for the new ticket is the one unread notice.
    await client.goto("/dashboard");
    await expect(bell(client)).toHaveAccessibleName("Notifications, 1 unread");

    // Staff see the new ticket under their own bell, and it opens the ticket in the back office.
    await page.goto("/admin/tickets");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const staffList = page.getByRole("dialog", { name: "Notifications" });
    await staffList.getByRole("link", { name: new RegExp(subject) }).click();
    await expect(page).toHaveURL(`/admin/tickets/${ticketId}`);
    await expect(staffList).toBeHidden();

    const replied = await page.request.post(`/api/admin/tickets/${ticketId}/messages`, {
      data: { body: "Updated: the new opening hours are live on the home page." },
    });
    expect(replied.status()).toBe(201);

    // The bell asks again within a minute.
    await client.clock.fastForward(61_000);
    await expect(bell(client)).toHaveAccessibleName("Notifications, 2 unread");

    await bell(client).click();
    const list = client.getByRole("dialog", { name: "Notifications" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const reply = list.getByRole("link", { name: new RegExp(`replied: ${subject}`) });
    await expect(reply).toContainText("Unread");
    await expect(reply).toContainText(/just now|minute/);
    await expect(
      list.getByRole("link", { name: new RegExp(`We received your request ${number}`) }),
    ).toBeVisible();

    await reply.click();
    await expect(list).toBeHidden();
    await expect(client).toHaveURL(`/dashboard?tab=support&ticket=${ticketId}`);
    await expect(
      client.getByText("Updated: the new opening hours are live on the home page."),
    ).toBeVisible();
    await expect(bell(client)).toHaveAccessibleName("Notifications, 1 unread");

    // Read notices stay listed, without the unread mark; Mark all as read clears the count.
    await bell(client).click();
    await expect(reply).not.toContainText("Unread");
    await list.getByRole("button", { name: "Mark all as read" }).click();
    await expect(bell(client)).toHaveAccessibleName("Notifications");
    await expect(list.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    await client.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(bell(client)).toBeFocused();
    await client.reload();
    await expect(bell(client)).toHaveAccessibleName("Notifications");
  } finally {
    await close();
  }
});

test("a client turns an email notice off on the account page, and it stays off", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  await signIn("admin");
  const { client, close } = await newClient(page, browser, baseURL!);
  try {
    await client.goto("/account");
    const replies = client.getByRole("checkbox", { name: "Replies to my support tickets" });
    await expect(replies).toBeChecked();
    // The client's kinds, grouped; staff's are not offered to a client.
    for (const group of ["Support", "Websites and domains"]) {
      await expect(client.getByRole("group", { name: group })).toBeVisible();
    }
    await expect(client.getByRole("checkbox", { name: "New tickets from clients" })).toHaveCount(0);

    await replies.uncheck();
    await expect(replies).not.toBeChecked();
    await expect(replies).toBeEnabled();
    await client.reload();
    await expect(
      client.getByRole("checkbox", { name: "Replies to my support tickets" }),
    ).not.toBeChecked();
    await expect(client.getByRole("checkbox", { name: "New invoices" })).toBeChecked();
    const account = (await (await client.request.get("/api/account")).json()) as {
      notices: Record<string, boolean>;
    };
    expect(account.notices).toMatchObject({ "ticket-replies": false, "invoice-issued": true });
  } finally {
    await close();
  }
});

test("staff are offered their own copies of the agency's emails, off until they choose", async ({
  page,
  signIn,
}) => {
  await signIn("admin");
  await page.goto("/account");
  await expect(page.getByRole("checkbox", { name: "New tickets from clients" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Replies to my support tickets" })).toHaveCount(
    0,
  );
});
