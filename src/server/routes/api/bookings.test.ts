import { count, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aLead, aStaffMember } from "../../../../tests/support/factories";
import { bookings, bookingTokens, leads, outboxEmails } from "../../db/schema";

const staffEmail = "avery@harborline.example";
const visitor = { name: "Ana Müller", email: "ana@example.com", timeZone: "Europe/Berlin" };

/** The calendar file of a queued email, parsed as a calendar program would. */
function invitationOf(email: { attachments: { contentBase64: string }[] | null }) {
  const text = Buffer.from(email.attachments![0]!.contentBase64, "base64").toString("utf8");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: event.getFirstProperty("dtstart")!.toICALString(),
    status: event.getFirstPropertyValue("status"),
  };
}

describe.each(databaseKinds)("booking a Discovery Call on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  const call = (...args: Parameters<typeof callApi> extends [TestApp, ...infer R] ? R : never) =>
    callApi(t, ...args);
  const stored = async () => (await t.database.db.select({ n: count() }).from(bookings))[0]!.n;
  const slots = async (): Promise<string[]> =>
    (await call(undefined, "GET", "/api/bookings/slots?timeZone=Europe/Berlin")).json().slots;
  const emailsTo = (to: string) =>
    t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  /** The links of the latest email to the visitor. */
  async function latestLinks(to = visitor.email) {
    const emails = (await emailsTo(to)).filter((e) => e.kind === "booking-confirmation");
    const text = emails.sort((a, b) => +b.createdAt - +a.createdAt)[0]!.text;
    return {
      reschedule: /\?reschedule=(hlb_[\w-]+)/.exec(text)![1]!,
      cancel: /\?cancel=(hlb_[\w-]+)/.exec(text)![1]!,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  it("gives staff the default hours until they save their own, and audits the change", async () => {
    const before = await call(staff, "GET", "/api/admin/bookings/availability");
    expect(before.json()).toMatchObject({
      bufferMinutes: 15,
      timeZone: "America/Los_Angeles",
      days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
    });
    const days = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "08:00", end: "16:00" }));
    const saved = await call(staff, "PUT", "/api/admin/bookings/availability", {
      days,
      bufferMinutes: 10,
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(staff, "GET", "/api/admin/bookings/availability")).json()).toMatchObject({
      days,
      bufferMinutes: 10,
    });
  });

  it("refuses hours that do not read, and keeps the saved ones", async () => {
    for (const body of [
      { days: [{ weekday: 1, start: "17:00", end: "09:00" }], bufferMinutes: 15 },
      { days: [{ weekday: 8, start: "09:00", end: "17:00" }], bufferMinutes: 15 },
      { days: [{ weekday: 1, start: "9am", end: "17:00" }], bufferMinutes: 15 },
      { days: [], bufferMinutes: 500 },
    ]) {
      const response = await call(staff, "PUT", "/api/admin/bookings/availability", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toBeDefined();
    }
    expect(
      (await call(staff, "GET", "/api/admin/bookings/availability")).json().bufferMinutes,
    ).toBe(10);
  });

  it("keeps a client out of the staff's hours", async () => {
    const client = await signInAs(t, "owner@client.example");
    expect((await call(client, "GET", "/api/admin/bookings/availability")).statusCode).toBe(403);
    expect((await call(undefined, "GET", "/api/admin/bookings/availability")).statusCode).toBe(401);
  });

  it("lists slots a day ahead at the soonest, in the agency's hours", async () => {
    const response = await call(undefined, "GET", "/api/bookings/slots?timeZone=Europe/Berlin");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.agencyTimeZone).toBe("America/Los_Angeles");
    expect(body.minutes).toBe(30);
    expect(body.slots.length).toBeGreaterThan(50);
    expect(new Date(body.slots[0]).getTime()).toBeGreaterThanOrEqual(
      Date.now() + 86_400_000 - 5_000,
    );
    const unknown = await call(undefined, "GET", "/api/bookings/slots?timeZone=Mars/Olympus");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.timeZone).toMatch(/IANA/);
  });

  it("refuses a slot in the past, inside the notice, beyond 30 days or outside the hours, an unknown zone and an overlong note, storing nothing", async () => {
    const open = await slots();
    const hour = 3_600_000;
    const offHours = new Date(open[0]!);
    offHours.setUTCHours(offHours.getUTCHours() + 12); // 8 to 16 in LA: 12 hours on is night
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ startsAt: new Date(Date.now() - hour).toISOString() }, "startsAt", /passed/],
      [{ startsAt: new Date(Date.now() + 2 * hour).toISOString() }, "startsAt", /24 hours/],
      [{ startsAt: new Date(Date.now() + 40 * 24 * hour).toISOString() }, "startsAt", /30 days/],
      [{ startsAt: offHours.toISOString() }, "startsAt", /outside our hours/],
      [{ startsAt: open[0], timeZone: "Europe/Atlantis" }, "timeZone", /IANA/],
      [{ startsAt: open[0], note: "x".repeat(1001) }, "note", /at most 1,000/],
    ];
    for (const [patch, field, message] of cases) {
      const response = await call(undefined, "POST", "/api/bookings", { ...visitor, ...patch });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    expect(await stored()).toBe(0);
  });

  it("books a slot: a lead, the visitor's confirmation with a REQUEST invitation in UTC, and the agency's note", async () => {
    const [slot] = await slots();
    const response = await call(undefined, "POST", "/api/bookings", {
      ...visitor,
      startsAt: slot,
      note: "We sell ferry tickets.",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ startsAt: slot, timeZone: "Europe/Berlin" });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.email, visitor.email));
    expect(lead).toMatchObject({ kind: "contact", subject: "Discovery Call" });
    const [booking] = await t.database.db.select().from(bookings);
    expect(booking!.leadId).toBe(lead!.id);
    const [confirmation] = await emailsTo(visitor.email);
    expect(confirmation!.subject).toMatch(/Central European|Central European Summer/);
    const invitation = invitationOf(confirmation!);
    expect(invitation).toMatchObject({ method: "REQUEST", sequence: 0, status: "CONFIRMED" });
    expect(invitation.uid).toBe(`booking-${booking!.id}@localhost`);
    expect(invitation.start).toMatch(/Z$/);
    expect(
      (await emailsTo(t.config.agencyInbox)).some((e) => e.kind === "booking-notification"),
    ).toBe(true);
    expect(await slots()).not.toContain(slot);
  });

  it("answers 409 with fresh slots for a slot already taken", async () => {
    const [booked] = await t.database.db.select().from(bookings);
    const response = await call(undefined, "POST", "/api/bookings", {
      ...visitor,
      email: "second@example.com",
      startsAt: booked!.startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("That time was just taken: please pick another");
    expect(response.json().slots.length).toBeGreaterThan(10);
    expect(await stored()).toBe(1);
  });

  it("has the database refuse an overlapping call of the same staff member, buffer included", async () => {
    const [booked] = await t.database.db.select().from(bookings);
    const overlapping = {
      ...booked!,
      id: undefined,
      // Starts inside the first call's buffer: after its end, before end + buffer.
      startsAt: new Date(booked!.endsAt.getTime() + 5 * 60_000),
      endsAt: new Date(booked!.endsAt.getTime() + 35 * 60_000),
      heldUntil: new Date(booked!.endsAt.getTime() + 45 * 60_000),
    };
    const error = await t.database.db
      .insert(bookings)
      .values(overlapping)
      .then(
        () => null,
        (e: { cause?: { code?: string } }) => e,
      );
    expect(error?.cause?.code).toBe("23P01");
    // A cancelled call holds nothing.
    await t.database.db.insert(bookings).values({ ...overlapping, status: "cancelled" });
    await t.database.db.delete(bookings).where(eq(bookings.status, "cancelled"));
  });

  it("links a booking to the lead with the same email", async () => {
    const lead = await aLead(t.database.db, { kind: "application", email: "Known@Example.com" });
    const [, slot] = await slots();
    const response = await call(undefined, "POST", "/api/bookings", {
      ...visitor,
      email: "known@example.com",
      startsAt: slot,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, response.json().id));
    expect(row!.leadId).toBe(lead.id);
  });

  it("reschedules with the same UID and a higher SEQUENCE; the link works once", async () => {
    const links = await latestLinks();
    const peek = await call(
      undefined,
      "GET",
      `/api/bookings/link?token=${links.reschedule}&purpose=reschedule`,
    );
    expect(peek.statusCode).toBe(200);
    const open = await slots();
    const target = open[open.length - 1]!;
    const moved = await call(undefined, "POST", "/api/bookings/reschedule", {
      token: links.reschedule,
      startsAt: target,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().startsAt).toBe(target);
    const emails = (await emailsTo(visitor.email)).filter((e) => e.kind === "booking-confirmation");
    const first = invitationOf(
      emails.find((e) => /booked|: /.test(e.subject) && !/moved/.test(e.subject))!,
    );
    const second = invitationOf(emails.find((e) => /moved/.test(e.subject))!);
    expect(second).toMatchObject({ method: "REQUEST", sequence: 1, uid: first.uid });
    const again = await call(undefined, "POST", "/api/bookings/reschedule", {
      token: links.reschedule,
      startsAt: open[open.length - 2],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    // The old cancel link went with the old email.
    const oldCancel = await call(undefined, "POST", "/api/bookings/cancel", {
      token: links.cancel,
    });
    expect(oldCancel.statusCode).toBe(409);
  });

  it("cancels with METHOD:CANCEL and frees the slot", async () => {
    const links = await latestLinks();
    const cancelled = await call(undefined, "POST", "/api/bookings/cancel", {
      token: links.cancel,
    });
    expect(cancelled.statusCode).toBe(200);
    const emails = (await emailsTo(visitor.email)).filter((e) => /cancelled/.test(e.subject));
    expect(invitationOf(emails[0]!)).toMatchObject({
      method: "CANCEL",
      sequence: 2,
      status: "CANCELLED",
    });
    expect(await slots()).toContain(cancelled.json().startsAt);
    const twice = await call(undefined, "POST", "/api/bookings/cancel", { token: links.cancel });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses a link after the call has started, and one that is not a link", async () => {
    const [slot] = await slots();
    await call(undefined, "POST", "/api/bookings", {
      ...visitor,
      email: "late@example.com",
      startsAt: slot,
    });
    const links = await latestLinks("late@example.com");
    await t.database.db
      .update(bookings)
      .set({
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 60_000),
        heldUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(bookings.email, "late@example.com"));
    const late = await call(undefined, "POST", "/api/bookings/cancel", { token: links.cancel });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already started/);
    const bogus = await call(undefined, "POST", "/api/bookings/cancel", { token: "nope" });
    expect(bogus.statusCode).toBe(400);
    const unknown = await call(undefined, "POST", "/api/bookings/cancel", {
      token: `hlb_${"A".repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const used = await t.database.db
      .select()
      .from(bookingTokens)
      .where(eq(bookingTokens.purpose, "cancel"));
    expect(used.length).toBeGreaterThan(0);
  });

  it("keeps a bot's booking out (the honeypot), answering as if booked", async () => {
    const before = await stored();
    const [slot] = await slots();
    const response = await call(undefined, "POST", "/api/bookings", {
      ...visitor,
      email: "bot@example.com",
      startsAt: slot,
      website: "http://spam.example",
    });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toBe(before);
  });
});
