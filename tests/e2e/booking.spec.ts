import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import type { Browser } from "@playwright/test";
import { formatSlotInWords } from "../../src/shared/format";
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  server = await startOwnServer("booking", { mail: sink });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

/**
 * When a journey fails, what CI keeps nothing else of: the server's log (its warnings, an email
 * that failed and why) and its outbox as staff see it (each email's state, tries and last error).
 * A CI run, and one run here of many, waited in vain for the booking's invitation.
 */
test.afterEach(async ({ playwright }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !server) return;
  const staff = await playwright.request.newContext({ baseURL: server.url });
  await staff.post("/api/login/demo", { data: { as: "admin" } });
  const outbox = (await (await staff.get("/api/admin/outbox")).json()) as Record<string, unknown>[];
  await staff.dispose();
  const rows = outbox.map(({ text: _text, ...row }) => JSON.stringify(row));
  console.error(
    `the booking server's outbox at ${new Date().toISOString()} (the sink holds ${sink.received.length}):\n${rows.join("\n")}\nits log, the end:\n${server.output().slice(-4000)}`,
  );
});

const visitorZone = "Asia/Tokyo";

function page(browser: Browser, width: number, timezoneId = visitorZone) {
  return browser
    .newContext({ baseURL: server.url, viewport: { width, height: 900 }, timezoneId })
    .then((context) => context.newPage());
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
    startText: calendar.getFirstSubcomponent("vevent")!.getFirstProperty("dtstart")!.toICALString(),
  };
}

const linkIn = (email: ReceivedEmail, kind: "reschedule" | "cancel") =>
  new URL(new RegExp(`https?://\\S+/book\\?${kind}=hlb_[\\w-]+`).exec(email.text)![0]).search;

for (const width of [375, 1280]) {
  test(`/book passes axe and fits at ${width} px`, async ({ browser }) => {
    const tab = await page(browser, width);
    await tab.goto("/book");
    // The calendar is an island: its code, then the free times, arrive after the page.
    await expect(tab.getByRole("radio").first()).toBeAttached({ timeout: 15_000 });
    await expect(tab.getByText(/Our hours are in America\/Los Angeles time/)).toBeVisible();
    expect(await wcagViolations(tab)).toEqual([]);
    const overflow = await tab.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await tab.screenshot({ path: test.info().outputPath(`book-${width}.png`), fullPage: true });
  });
}

test("a visitor picks another time zone from the full list, and the times are shown in it", async ({
  browser,
}) => {
  const tab = await page(browser, 1280);
  await tab.goto("/book");
  const slots = (await (await tab.request.get("/api/bookings/slots")).json()) as {
    slots: string[];
  };
  const first = slots.slots[0]!;
  await expect(
    tab.getByRole("radio", { name: formatSlotInWords(first, visitorZone) }),
  ).toBeAttached({
    timeout: 15_000,
  });
  const picker = tab.getByLabel("Times shown in");
  await expect(picker).toHaveValue(visitorZone);
  // The list of zones is made as the visitor reaches for it.
  await picker.click();
  expect(await picker.locator("option").count()).toBeGreaterThan(300);
  await picker.selectOption("Europe/Berlin");
  const inBerlin = formatSlotInWords(first, "Europe/Berlin");
  expect(inBerlin).toMatch(/Central European (Standard|Summer) Time/);
  await expect(tab.getByRole("radio", { name: inBerlin })).toBeAttached();
  await expect(tab.getByRole("radio", { name: formatSlotInWords(first, visitorZone) })).toHaveCount(
    0,
  );
  await tab.context().close();
});

test("a visitor in Tokyo books by keyboard, gets the invitation, moves the call and cancels it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tab = await page(browser, 1280);
  await tab.goto("/book");
  const slots = (await (await tab.request.get("/api/bookings/slots")).json()) as {
    slots: string[];
  };
  const first = slots.slots[0]!;
  const words = formatSlotInWords(first, visitorZone);
  expect(words).toMatch(/Japan Standard Time/);
  // Keyboard only: Tab into the first day's times, Space to choose the first.
  const radio = tab.getByRole("radio", { name: words });
  await radio.focus();
  await tab.keyboard.press("Space");
  await expect(radio).toBeChecked();
  await tab.keyboard.press("Tab");
  await tab.getByLabel("Name").fill("Yuki Tanaka");
  await tab.getByLabel("Email").fill("yuki@example.com");
  await tab.getByLabel("Anything we should know?").fill("A shop site for our tea house.");
  await tab.getByRole("button", { name: "Book the call" }).press("Enter");
  await expect(tab.getByRole("heading", { name: "Your call is booked" })).toBeVisible();
  await expect(tab.getByText(`${words}.`)).toBeVisible();

  const booked = await sink.waitForMail((m) => m.to.includes("yuki@example.com"), 0, 30_000);
  const invitation = await invitationOf(booked);
  expect(invitation).toMatchObject({ method: "REQUEST", sequence: 0, start: first });
  expect(invitation.startText).toMatch(/Z$/);

  // The reschedule link: a later time.
  await tab.goto(`/book${linkIn(booked, "reschedule")}`);
  await expect(tab.getByText(`Your call is now on ${words}.`)).toBeVisible();
  const later = slots.slots[5]!;
  const laterRadio = tab.getByRole("radio", { name: formatSlotInWords(later, visitorZone) });
  await laterRadio.focus();
  await tab.keyboard.press("Space");
  await expect(laterRadio).toBeChecked();
  await tab.getByRole("button", { name: "Move the call" }).click();
  await expect(tab.getByRole("heading", { name: "Your call is moved" })).toBeVisible();
  const moved = await sink.waitForMail((m) => /moved/.test(m.subject), 0, 30_000);
  expect(await invitationOf(moved)).toMatchObject({
    method: "REQUEST",
    uid: invitation.uid,
    sequence: 1,
    start: later,
  });

  // The old link worked once.
  await tab.goto(`/book${linkIn(booked, "reschedule")}`);
  await expect(tab.getByRole("alert")).toContainText("already used");

  // The new email's cancel link.
  await tab.goto(`/book${linkIn(moved, "cancel")}`);
  await tab.getByRole("button", { name: "Cancel the call" }).click();
  await expect(tab.getByRole("heading", { name: "Your call is cancelled" })).toBeVisible();
  const cancelled = await sink.waitForMail(
    (m) => /cancelled/.test(m.subject) && m.to.includes("yuki@example.com"),
    0,
    30_000,
  );
  expect(await invitationOf(cancelled)).toMatchObject({
    method: "CANCEL",
    uid: invitation.uid,
    sequence: 2,
  });
});
