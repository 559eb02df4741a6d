import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, count, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo, dayInZone, instantOfWallClock, isoWeekday } from "@shared/work-time";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember } from "../../../tests/support/factories";
import { auditEvents, staffBusyTimes } from "../db/schema";
import { readDueCalendarFeeds } from "./calendar-feeds";
import { invitationUid } from "./invitation";

const zone = "America/Los_Angeles";
const staffEmail = "rowan@harborline.example";

/** The first Monday at least three days ahead, in the agency's zone: four weekdays of hours. */
function nextMonday(): string {
  let day = addDaysTo(dayInZone(new Date(), zone), 3);
  while (isoWeekday(day) !== 1) day = addDaysTo(day, 1);
  return day;
}
const at = (day: string, hour: number, minute = 0) =>
  instantOfWallClock(day, hour * 60 + minute, zone)!;
const utc = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, "");
const local = (day: string, hour: number, minute = 0) =>
  `${day.replaceAll("-", "")}T${String(hour).padStart(2, "0")}${String(minute).padStart(2, "0")}00`;

/**
 * A staff calendar as Google writes one: a daily stand-up at 10:00 (in a named zone, the
 * Tuesday's skipped), an all-day event on the Wednesday, a free (transparent) lunch and a
 * cancelled meeting on the Monday.
 */
function staffCalendar(monday: string) {
  const tuesday = addDaysTo(monday, 1);
  const wednesday = addDaysTo(monday, 2);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Staff calendar//EN",
    "BEGIN:VEVENT",
    "UID:standup@test",
    `DTSTAMP:${utc(new Date())}`,
    `DTSTART;TZID=${zone}:${local(monday, 10)}`,
    `DTEND;TZID=${zone}:${local(monday, 10, 30)}`,
    "RRULE:FREQ=DAILY;COUNT=5",
    `EXDATE;TZID=${zone}:${local(tuesday, 10)}`,
    "SUMMARY:Stand-up",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:offsite@test",
    `DTSTAMP:${utc(new Date())}`,
    `DTSTART;VALUE=DATE:${wednesday.replaceAll("-", "")}`,
    `DTEND;VALUE=DATE:${addDaysTo(wednesday, 1).replaceAll("-", "")}`,
    "SUMMARY:Team offsite",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:lunch@test",
    `DTSTAMP:${utc(new Date())}`,
    `DTSTART:${utc(at(monday, 13))}`,
    `DTEND:${utc(at(monday, 14))}`,
    "TRANSP:TRANSPARENT",
    "SUMMARY:Lunch (free)",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:cancelled@test",
    `DTSTAMP:${utc(new Date())}`,
    `DTSTART:${utc(at(monday, 15))}`,
    `DTEND:${utc(at(monday, 16))}`,
    "STATUS:CANCELLED",
    "SUMMARY:Cancelled review",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

describe.each(databaseKinds)("staff calendars and call feeds on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let staffId: string;
  let server: Server;
  let base: string;
  const monday = nextMonday();
  let served = staffCalendar(monday);
  const call = (...args: Parameters<typeof callApi> extends [TestApp, ...infer R] ? R : never) =>
    callApi(t, ...args);
  const slots = async (): Promise<string[]> =>
    (await call(undefined, "GET", "/api/bookings/slots")).json().slots;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/calendar.ics") {
        response.writeHead(200, { "content-type": "text/calendar" }).end(served);
      } else if (request.url === "/moved.ics") {
        response.writeHead(302, { location: "/calendar.ics" }).end();
      } else if (request.url === "/huge.ics") {
        response.writeHead(200, { "content-type": "text/calendar" });
        response.end(`BEGIN:VCALENDAR\r\n${"X-PAD:".padEnd(1000, "x")}\r\n`.repeat(2_200));
      } else if (request.url === "/page.html") {
        response.writeHead(200, { "content-type": "text/html" }).end("<h1>Sign in</h1>");
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    staffId = (await aStaffMember(t.database.db, { email: staffEmail })).id;
    staff = await signInAs(t, staffEmail);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("leaves a staff member's busy times out of the slots: repeats, all-day, not free or cancelled", async () => {
    const before = new Set(await slots());
    expect(before.has(at(monday, 10).toISOString())).toBe(true);
    const saved = await call(staff, "PUT", "/api/admin/bookings/calendar", {
      url: `${base}/moved.ics`,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().calendar).toMatchObject({ error: null, busyCount: 5 });
    expect(saved.json().calendar.fetchedAt).not.toBeNull();
    const open = new Set(await slots());
    const has = (day: string, hour: number, minute = 0) =>
      open.has(at(day, hour, minute).toISOString());
    // The stand-up 10:00-10:30, with the 15-minute buffer either side.
    expect(has(monday, 9)).toBe(true);
    expect(has(monday, 9, 30)).toBe(false);
    expect(has(monday, 10)).toBe(false);
    expect(has(monday, 10, 30)).toBe(false);
    expect(has(monday, 11)).toBe(true);
    // The free lunch and the cancelled review leave their times open.
    expect(has(monday, 13)).toBe(true);
    expect(has(monday, 15)).toBe(true);
    // Tuesday's stand-up is skipped (EXDATE); Thursday's is not.
    expect(has(addDaysTo(monday, 1), 10)).toBe(true);
    expect(has(addDaysTo(monday, 3), 10)).toBe(false);
    // The all-day offsite: nothing on the Wednesday.
    const wednesday = addDaysTo(monday, 2);
    expect([...open].some((slot) => dayInZone(new Date(slot), zone) === wednesday)).toBe(false);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "booking-calendar.changed"));
    expect(audited).toHaveLength(1);
    // The audit log names the host, not the address that opens the calendar.
    expect(JSON.stringify(audited[0]!.changes)).not.toContain("moved.ics");
  });

  it("reads each calendar once per 10 minutes across instances, catching up after downtime", async () => {
    // The stand-up now ends on the Tuesday, which is skipped: the offsite and Monday's are left.
    served = staffCalendar(monday).replace("RRULE:FREQ=DAILY;COUNT=5", "RRULE:FREQ=DAILY;COUNT=2");
    const settings = { allowPrivate: true, timeZone: zone };
    const soon = await readDueCalendarFeeds({ db: t.database.db, settings, now: new Date() });
    expect(soon).toEqual({ read: 0, failed: 0 });
    const later = new Date(Date.now() + 11 * 60_000);
    const passes = await Promise.all(
      [1, 2].map(() => readDueCalendarFeeds({ db: t.database.db, settings, now: later })),
    );
    expect(passes.reduce((sum, pass) => sum + pass.read, 0)).toBe(1);
    const [busy] = await t.database.db
      .select({ n: count() })
      .from(staffBusyTimes)
      .where(eq(staffBusyTimes.userId, staffId));
    expect(busy!.n).toBe(2);
    expect(new Set(await slots()).has(at(addDaysTo(monday, 3), 10).toISOString())).toBe(true);
  });

  it("refuses an address that is not http(s), with what to fix, and keeps the saved one", async () => {
    for (const [url, words] of [
      ["webcal://calendar.example/basic.ics", "https:// in place of webcal://"],
      ["ftp://calendar.example/basic.ics", "starts with https://"],
      ["file:///etc/passwd", "starts with https://"],
      ["my calendar", "starts with https://"],
    ] as const) {
      const response = await call(staff, "PUT", "/api/admin/bookings/calendar", { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain(words);
    }
    const view = (await call(staff, "GET", "/api/admin/bookings/calendar")).json();
    expect(view.calendar.url).toBe(`${base}/moved.ics`);
  });

  it("says in words why a calendar could not be read: too large, not iCalendar, gone", async () => {
    for (const [path, words] of [
      ["/huge.ics", "larger than 2 MB"],
      ["/page.html", "does not give an iCalendar"],
      ["/gone.ics", "no calendar at this address"],
    ] as const) {
      const response = await call(staff, "PUT", "/api/admin/bookings/calendar", {
        url: `${base}${path}`,
      });
      expect(response.statusCode, path).toBe(200);
      expect(response.json().calendar.error, path).toContain(words);
    }
    const page = await call(staff, "GET", "/api/admin/bookings/calendar");
    expect(page.json().calendar).toMatchObject({ url: `${base}/gone.ics`, busyCount: 0 });
    // Forgetting the address frees the time.
    const empty = await call(staff, "PUT", "/api/admin/bookings/calendar", { url: "" });
    expect(empty.statusCode).toBe(400);
    const cleared = await call(staff, "DELETE", "/api/admin/bookings/calendar");
    expect(cleared.json().calendar).toBeNull();
  });

  it("refuses a private address in production, as the monitor does", async () => {
    const production = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      MONITOR_ALLOW_PRIVATE: "false",
    });
    try {
      await aStaffMember(production.database.db, { email: staffEmail });
      const cookie = await signInAs(production, staffEmail);
      const response = await callApi(production, cookie, "PUT", "/api/admin/bookings/calendar", {
        url: `${base}/calendar.ics`,
      });
      expect(response.json().calendar.error).toContain(
        "127.0.0.1 is a private or reserved address",
      );
    } finally {
      await production.close();
    }
  });

  it("gives staff a private feed of their calls; a new one retires the old address", async () => {
    const slot = at(addDaysTo(monday, 1), 14).toISOString();
    const booked = await call(undefined, "POST", "/api/bookings", {
      startsAt: slot,
      timeZone: "Europe/Berlin",
      name: "Ana Müller",
      email: "ana@example.com",
      note: "A shop for our bakery.",
      formStartedAt: Date.now() - 60_000,
    });
    expect(booked.statusCode).toBe(201);
    const issued = await call(staff, "POST", "/api/admin/bookings/calendar/feed");
    expect(issued.statusCode).toBe(201);
    const first = new URL(issued.json().url).pathname;
    const feed = await call(undefined, "GET", first);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(feed.body) as unknown[]);
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const uid = invitationUid(booked.json().id, t.config.publicUrl);
    const event = events.find((e) => e.uid === uid);
    expect(event?.summary).toBe("Discovery Call with Ana Müller");
    expect(event?.startDate.toJSDate().toISOString()).toBe(slot);

    const reissued = await call(staff, "POST", "/api/admin/bookings/calendar/feed");
    const second = new URL(reissued.json().url).pathname;
    expect(second).not.toBe(first);
    expect((await call(undefined, "GET", first)).statusCode).toBe(404);
    expect((await call(undefined, "GET", second)).statusCode).toBe(200);
    expect((await call(undefined, "GET", "/api/bookings/calendar/hlc_nothing")).statusCode).toBe(
      404,
    );
    const [audits] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "booking-feed.issued")));
    expect(audits!.n).toBe(2);
    const view = (await call(staff, "GET", "/api/admin/bookings/calendar")).json();
    expect(view.bookingFeed.issuedAt).toBe(reissued.json().issuedAt);
  });
});
