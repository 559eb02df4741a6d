import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "@playwright/test";
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

let sink: SmtpSink;
let server: OwnServer;
const unenrolled = "new.staff@harborline.example";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  server = await startOwnServer("staff-calls", {
    mail: sink,
    env: { ADMIN_EMAILS: unenrolled },
  });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

/** A page of its own, signed in as the demo's staff member (second factor passed). */
async function staffPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  const tab = await context.newPage();
  const signedIn = await tab.request.post("/api/login/demo", { data: { as: "admin" } });
  expect(signedIn.status()).toBe(200);
  return tab;
}

/** The email's calendar invitation, parsed with ical.js as a calendar program would. */
async function invitationOf(email: ReceivedEmail) {
  const parsed = await simpleParser(email.raw);
  const file = parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString("utf8")));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

/** A visitor books a slot, as /book does; answers the call's lead. */
async function visitorBooks(tab: Page, email: string, nth: number) {
  const { slots } = (await (await tab.request.get("/api/bookings/slots")).json()) as {
    slots: string[];
  };
  const booked = await tab.request.post("/api/bookings", {
    data: { startsAt: slots[nth], timeZone: "Asia/Tokyo", name: "Yuki Tanaka", email },
  });
  expect(booked.status()).toBe(201);
  const mail = await sink.waitForMail((m) => m.to.includes(email), 0, 30_000);
  const { calls } = (await (await tab.request.get("/api/admin/bookings")).json()) as {
    calls: { id: string; email: string; leadId: string; leadKind: string }[];
  };
  const call = calls.find((c) => c.email === email)!;
  return { ...call, invitation: await invitationOf(mail) };
}

test("staff move a call from the lead's page and cancel it from the leads screen; the visitor is emailed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tab = await staffPage(browser, 1280);
  const email = "yuki@example.com";
  const call = await visitorBooks(tab, email, 2);

  await tab.goto(`/admin/leads/${call.leadKind}/${call.leadId}`);
  const panel = tab.getByRole("region", { name: "Discovery Calls" });
  await expect(panel.getByText("Booked", { exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Move the call with Yuki Tanaka" }).click();
  const dialog = tab.getByRole("dialog", { name: "Move the call with Yuki Tanaka" });
  const choice = dialog.getByRole("radio").nth(6);
  await choice.focus();
  await tab.keyboard.press("Space");
  await expect(choice).toBeChecked();
  await dialog.getByRole("button", { name: "Move the call" }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByText("Call moved", { exact: true })).toBeVisible();

  const moved = await sink.waitForMail((m) => /moved/.test(m.subject) && m.to.includes(email));
  const second = await invitationOf(moved);
  expect(second).toMatchObject({ method: "REQUEST", uid: call.invitation.uid, sequence: 1 });
  expect(second.start).not.toBe(call.invitation.start);

  // The leads screen lists it among the calls to come, at its new time; cancel it there.
  await tab.goto("/admin");
  const upcoming = tab.getByRole("region", { name: "Upcoming calls" });
  await expect(upcoming.getByRole("link", { name: "Yuki Tanaka" })).toBeVisible();
  await expect(upcoming.locator(`time[datetime="${second.start}"]`)).toBeVisible();
  await upcoming.getByRole("button", { name: "Cancel the call with Yuki Tanaka" }).click();
  await tab.getByRole("alertdialog").getByRole("button", { name: "Cancel the call" }).click();
  await expect(upcoming.getByText("No calls to come.")).toBeVisible();

  const cancelled = await sink.waitForMail(
    (m) => /cancelled/.test(m.subject) && m.to.includes(email),
  );
  expect(await invitationOf(cancelled)).toMatchObject({
    method: "CANCEL",
    uid: call.invitation.uid,
    sequence: 2,
  });
  await tab.goto(`/admin/leads/${call.leadKind}/${call.leadId}`);
  await expect(panel.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: /Move/ })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`the calls' screens pass axe and fit at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tab = await staffPage(browser, width);
    const call = await visitorBooks(tab, `axe-${width}@example.com`, width === 375 ? 12 : 14);
    const fits = () => tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const shot = (name: string) =>
      tab.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    await tab.goto("/admin");
    await expect(
      tab.getByRole("region", { name: "Upcoming calls" }).getByRole("listitem").first(),
    ).toBeVisible();
    expect(await wcagViolations(tab)).toEqual([]);
    expect(await fits()).toBeLessThanOrEqual(0);
    await shot("upcoming-calls");

    await tab.goto(`/admin/leads/${call.leadKind}/${call.leadId}`);
    const panel = tab.getByRole("region", { name: "Discovery Calls" });
    await expect(panel.getByText("Booked", { exact: true })).toBeVisible();
    expect(await wcagViolations(tab)).toEqual([]);
    expect(await fits()).toBeLessThanOrEqual(0);
    await shot("lead-calls");

    await panel.getByRole("button", { name: "Move the call with Yuki Tanaka" }).click();
    await expect(tab.getByRole("dialog").getByRole("radio").first()).toBeVisible();
    expect(await wcagViolations(tab)).toEqual([]);
    await shot("move-call");

    await tab.goto("/admin/pipeline");
    await expect(tab.getByText("Call booked:").first()).toBeVisible();
    await shot("pipeline");
  });
}

test("an admin without a second factor sees why the call hours wait, not a load error", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  const tab = await context.newPage();
  await tab.goto("/login");
  await tab.getByLabel("Email address").fill(unenrolled);
  await tab.getByRole("button", { name: "Email me a sign-in link" }).click();
  const mail = await sink.waitForMail((m) => m.to.includes(unenrolled), 0, 30_000);
  await tab.goto(/https?:\/\/\S+\/api\/login\/email\?token=[\w-]+/.exec(mail.text)![0]);
  await tab.goto("/account");
  await expect(tab.getByRole("heading", { name: "Discovery Call hours" })).toBeVisible();
  await expect(tab.getByText(/Turn on a second factor .* to set the hours/)).toBeVisible();
  await expect(tab.getByText(/could not load your call hours/)).toHaveCount(0);
});

test("/book fetches zod and the booking schema when its form is first used, not with the page", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const tab = await context.newPage();
  // Scripts are told apart by what they hold: the islands' chunks are named by hash alone.
  const validationScripts: string[] = [];
  tab.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    if (body.includes("ZodError")) validationScripts.push(new URL(response.url()).pathname);
  });
  const validationCode = () => validationScripts;
  await tab.goto("/book");
  // The calendar is an island: its code, then the free times, arrive after the page.
  await expect(tab.getByRole("radio").first()).toBeAttached({ timeout: 15_000 });
  await tab.waitForLoadState("networkidle");
  expect(validationCode()).toEqual([]);
  await tab.getByLabel("Name").focus();
  await expect.poll(() => validationCode().length).toBeGreaterThanOrEqual(1);
});
