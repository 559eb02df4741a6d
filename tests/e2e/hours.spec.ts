import type { Browser, Page } from "@playwright/test";
import { dashboardPath } from "../../src/shared/deep-links";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * Issue 34's hours in the browser, on a server of their own (they add a maintenance plan to the
 * demo client): staff log time with the timer, which survives a reload, and by hand, on the
 * client's page and on a ticket; the client sees the month's hours against those included on
 * the dashboard, and the time spent on the ticket. Each view passes axe at 375 and 1280 px.
 */

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  server = await startOwnServer("hours", {
    port: process.env.E2E_OWN_PORT ? Number(process.env.E2E_OWN_PORT) : undefined,
  });
});

test.afterAll(async () => {
  await server?.close();
});

async function signedIn(browser: Browser, as: "admin" | "client", width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  expect((await page.request.post("/api/login/demo", { data: { as } })).status()).toBe(200);
  return page;
}

async function demoClient(page: Page) {
  const clients = await page.request.get("/api/admin/clients?q=Rivera");
  const [company] = (await clients.json()) as { id: string }[];
  return company!.id;
}

test("staff log time by timer and by hand; the client sees the month's hours and a ticket's time", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await signedIn(browser, "admin", 1280);
  const clientId = await demoClient(staff);
  // A maintenance plan: Basic Care includes 2 hours a month (src/content/care-hours.ts).
  const plan = await staff.request.post(`/api/admin/clients/${clientId}/plans`, {
    data: { name: "Basic Care", amountCents: 15_000, billingDay: 1, startsOn: "2026-01-01" },
  });
  expect(plan.status()).toBe(201);

  // 1. The timer, on the client's page: started, still running after a reload, stopped.
  await staff.goto(`/admin/clients/${clientId}`);
  const hours = staff.getByRole("region", { name: "Hours" });
  await expect(hours.getByText("of 2 hr included")).toBeVisible();
  const timer = hours.getByRole("group", { name: "Timer" });
  await timer.getByLabel("What are you working on? (optional)").fill("Checking the order form");
  await timer.getByRole("button", { name: "Start timer" }).click();
  await expect(timer.getByText("Timer running")).toBeVisible();
  await staff.reload();
  await expect(
    hours.getByRole("group", { name: "Timer" }).getByText("Timer running"),
  ).toBeVisible();
  await expect(hours.getByText("Checking the order form")).toBeVisible();
  // A second timer is refused while one runs.
  const second = await staff.request.post(`/api/admin/clients/${clientId}/timer`, { data: {} });
  expect(second.status()).toBe(409);
  await hours.getByRole("button", { name: "Stop timer" }).click();
  await expect(staff.getByText("Timer stopped: 1 min logged", { exact: true })).toBeVisible();
  const entries = hours.getByRole("list", { name: "Time entries" });
  await expect(entries.getByText("Checking the order form")).toBeVisible();

  // 2. By hand: refused with the rule's words, then logged.
  await hours.getByText("Log time by hand").click();
  const form = hours.getByRole("form", { name: "Log time" });
  await form.getByLabel("Minutes").fill("0");
  await form.getByLabel("Note").fill("Replaced the menu PDF");
  await form.getByRole("button", { name: "Log time" }).click();
  await expect(form.getByText("Minutes must be a whole number from 1 to 1440")).toBeVisible();
  await form.getByLabel("Minutes").fill("135");
  await form.getByRole("button", { name: "Log time" }).click();
  await expect(entries.getByText("Replaced the menu PDF")).toBeVisible();
  await expect(entries.getByText("2 hr 15 min", { exact: true })).toBeVisible();
  expect(await wcagViolations(staff)).toEqual([]);

  // 3. On a ticket: time logged there counts on it.
  const { items: tickets } = (await (
    await staff.request.get("/api/admin/tickets?pageSize=100")
  ).json()) as { items: { id: string; subject: string }[] };
  const banner = tickets.find((ticket) => ticket.subject.startsWith("Add a holiday hours"))!;
  const before = (await (
    await staff.request.get(`/api/admin/tickets/${banner.id}/time`)
  ).json()) as { minutes: number };
  await staff.goto(`/admin/tickets/${banner.id}`);
  const time = staff.getByRole("region", { name: "Time" });
  await time.getByText("Log time by hand").click();
  await time.getByLabel("Minutes").fill("30");
  await time.getByLabel("Note").fill("Moved the banner above the menu");
  await time.getByRole("button", { name: "Log time" }).click();
  await expect(time.getByText("Moved the banner above the menu")).toBeVisible();
  const spent = before.minutes + 30;
  expect(await wcagViolations(staff)).toEqual([]);

  // 4. The client: the dashboard's hours, and the ticket's time.
  for (const width of [375, 1280]) {
    const client = await signedIn(browser, "client", width);
    const portal = (await (await client.request.get("/api/hours")).json()) as {
      usedMinutes: number;
    };
    await client.goto("/dashboard");
    const card = client.getByRole("region", { name: /Care hours/ });
    await expect(card.getByRole("progressbar", { name: "Hours used" })).toBeVisible();
    await expect(card).toContainText("of 2 hr included");
    const used = portal.usedMinutes;
    const words = used % 60 ? `${Math.floor(used / 60)} hr ${used % 60} min` : `${used / 60} hr`;
    await expect(card).toContainText(`${words} of 2 hr included`);
    expect(await wcagViolations(client)).toEqual([]);

    await client.goto(dashboardPath({ ticketId: banner.id }));
    const spentWords =
      spent % 60 ? `${Math.floor(spent / 60)} hr ${spent % 60} min` : `${spent / 60} hr`;
    await expect(client.getByText(`Time spent by our team: ${spentWords}`)).toBeVisible();
    expect(await wcagViolations(client)).toEqual([]);
    await client.context().close();
  }

  // The back office at 375 px too.
  const narrow = await signedIn(browser, "admin", 375);
  await narrow.goto(`/admin/clients/${clientId}`);
  await expect(
    narrow.getByRole("region", { name: "Hours" }).getByText("Log time by hand"),
  ).toBeVisible();
  expect(await wcagViolations(narrow)).toEqual([]);
  await narrow.goto(`/admin/tickets/${banner.id}`);
  await expect(narrow.getByRole("region", { name: "Time" })).toBeVisible();
  expect(await wcagViolations(narrow)).toEqual([]);
});
