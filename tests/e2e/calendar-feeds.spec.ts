import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * A staff member's calendars for Discovery Calls, on their account page: they paste their own
 * calendar's address (served here by a local server), see it read at once, and take the private
 * feed of their calls, whose address is shown once and answers iCalendar. Then axe, at both
 * widths. The calendar has no event in the booking window, and is removed at the end, so the
 * demo staff member's free times are as the other journeys expect.
 */

const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Example//Calendar//EN",
  "BEGIN:VEVENT",
  "UID:dentist-2020@example.com",
  "DTSTAMP:20200101T000000Z",
  "DTSTART:20200102T170000Z",
  "DTEND:20200102T180000Z",
  "SUMMARY:Dentist",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

let calendar: Server;
let calendarUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  calendar = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
    response.end(CALENDAR);
  });
  await new Promise<void>((resolve) => calendar.listen(0, "127.0.0.1", resolve));
  calendarUrl = `http://127.0.0.1:${(calendar.address() as AddressInfo).port}/basic.ics`;
});

test.afterAll(async () => {
  await new Promise((resolve) => calendar?.close(resolve));
});

for (const width of [375, 1280]) {
  test(`staff connect their calendar and take the feed of their calls, axe clean at ${width} px`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn("admin");
    await page.goto("/account");
    const panel = page.getByRole("region", { name: "Calendars for Discovery Calls" });
    await panel.getByLabel("Your calendar's private address (iCal)").fill(calendarUrl);
    await panel.getByRole("button", { name: "Save and read now" }).click();
    await expect(panel.getByText(/Last read .*: no busy times in the next 30 days/)).toBeVisible();

    await panel.getByRole("button", { name: /Make (my feed's|a new) address/ }).click();
    const address = panel.getByLabel("The private address of your calls' calendar");
    await expect(address).toBeVisible();
    const feed = await page.request.get(await address.inputValue());
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    expect(await wcagViolations(page), `account page at ${width}`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await panel.getByRole("button", { name: "Stop reading it" }).click();
    await expect(panel.getByRole("button", { name: "Stop reading it" })).toHaveCount(0);
  });
}
