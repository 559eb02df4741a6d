import { desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aLead, aStaffMember } from "../../../../tests/support/factories";
import {
  startSmtpSink,
  type ReceivedEmail,
  type SmtpSink,
} from "../../../../tests/support/smtp-sink";
import { auditEvents, bookings } from "../../db/schema";

const staffEmail = "avery@harborline.example";

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

describe.each(databaseKinds)("staff moving and cancelling Discovery Calls on %s", (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let staff: string;
  let open: string[];
  const call = (...args: Parameters<typeof callApi> extends [TestApp, ...infer R] ? R : never) =>
    callApi(t, ...args);
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mailTo = (to: string, from: number, subject: RegExp) =>
    smtp.waitForMail((m) => m.to[0] === to && subject.test(m.subject), from);
  async function book(email: string, startsAt: string) {
    const from = smtp.received.length;
    const response = await call(undefined, "POST", "/api/bookings", {
      startsAt,
      timeZone: "Europe/Berlin",
      name: "Ana Müller",
      email,
    });
    expect(response.statusCode).toBe(201);
    const confirmation = await invitationOf(await mailTo(email, from, /^Your .* with /));
    return { id: response.json().id as string, invitation: confirmation };
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, SMTP_URL: smtp.url });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    open = (await call(undefined, "GET", "/api/bookings/slots")).json().slots;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("lists a lead's calls and the calls to come, in the agency's zone", async () => {
    const lead = await aLead(t.database.db, { kind: "application", email: "dev@harbor.example" });
    const { id } = await book("dev@harbor.example", open[4]!);
    const mine = await call(staff, "GET", `/api/admin/bookings?leadId=${lead.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      agencyTimeZone: "America/Los_Angeles",
      calls: [
        {
          id,
          leadId: lead.id,
          leadKind: "application",
          startsAt: open[4],
          status: "confirmed",
          timeZone: "Europe/Berlin",
        },
      ],
    });
    const upcoming = (await call(staff, "GET", "/api/admin/bookings")).json().calls;
    expect(upcoming.map((c: { id: string }) => c.id)).toContain(id);
    const pipeline = (await call(staff, "GET", "/api/admin/pipeline")).json();
    const card = pipeline.stages
      .flatMap((stage: { leads: { id: string }[] }) => stage.leads)
      .find((l: { id: string }) => l.id === lead.id);
    expect(card.nextCallAt).toBe(open[4]);

    const bad = await call(staff, "GET", "/api/admin/bookings?leadId=nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.leadId).toMatch(/id of a lead/);
    const client = await signInAs(t, "owner@client.example");
    expect((await call(client, "GET", "/api/admin/bookings")).statusCode).toBe(403);
    expect((await call(undefined, "GET", "/api/admin/bookings")).statusCode).toBe(401);
  });

  it("moves a call: the visitor's email has the same UID with a higher SEQUENCE, and it is audited", async () => {
    const email = "mover@example.com";
    const { id, invitation: first } = await book(email, open[0]!);
    const slots = (await call(staff, "GET", `/api/admin/bookings/${id}/slots`)).json().slots;
    expect(slots).toContain(open[0]); // its own time counts as free to it
    const from = smtp.received.length;
    const moved = await call(staff, "POST", `/api/admin/bookings/${id}/move`, {
      startsAt: open[8],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id, startsAt: open[8], timeZone: "Europe/Berlin" });

    const notice = await mailTo(email, from, /moved/i);
    expect(notice.text).toMatch(/\?reschedule=hlb_/);
    const second = await invitationOf(notice);
    expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, start: open[8] });
    expect(second.sequence).toBe(first.sequence + 1);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      action: "booking.moved",
      actorEmail: staffEmail,
      targetType: "booking",
      targetId: id,
      changes: { before: { startsAt: open[0] }, after: { startsAt: open[8] } },
    });
  });

  it("refuses a taken slot with fresh slots, a past slot and an unknown call, changing nothing", async () => {
    const { id } = await book("stays@example.com", open[12]!);
    const other = await book("other@example.com", open[16]!);
    const before = await rowOf(id);

    const taken = await call(staff, "POST", `/api/admin/bookings/${id}/move`, {
      startsAt: open[16],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That time was just taken: please pick another");
    expect(taken.json().slots).toContain(open[12]);
    expect(taken.json().slots).not.toContain(open[16]);

    const past = await call(staff, "POST", `/api/admin/bookings/${id}/move`, {
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.startsAt).toMatch(/passed/);

    const garbled = await call(staff, "POST", `/api/admin/bookings/${id}/move`, {
      startsAt: "tomorrow",
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().errors.startsAt).toMatch(/Choose a time/);

    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const action of ["move", "cancel"]) {
      const response = await call(staff, "POST", `/api/admin/bookings/${unknown}/${action}`, {
        startsAt: open[20],
      });
      expect(response.statusCode, action).toBe(404);
      expect(response.json().message).toMatch(/does not exist/);
    }
    expect(await rowOf(id)).toEqual(before);
    expect((await rowOf(other.id)).startsAt.toISOString()).toBe(open[16]);
  });

  it("cancels a call: METHOD:CANCEL to the visitor, audited, and it can be changed no more", async () => {
    const email = "leaver@example.com";
    const { id, invitation: first } = await book(email, open[24]!);
    const from = smtp.received.length;
    const cancelled = await call(staff, "POST", `/api/admin/bookings/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);

    const notice = await mailTo(email, from, /cancel/i);
    const ics = await invitationOf(notice);
    expect(ics).toMatchObject({ method: "CANCEL", uid: first.uid });
    expect(ics.sequence).toBe(first.sequence + 1);
    expect((await rowOf(id)).status).toBe("cancelled");
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ action: "booking.cancelled", targetId: id });

    for (const [action, body] of [
      ["cancel", undefined],
      ["move", { startsAt: open[28] }],
    ] as const) {
      const again = await call(staff, "POST", `/api/admin/bookings/${id}/${action}`, body);
      expect(again.statusCode, action).toBe(409);
      expect(again.json().message).toMatch(/already cancelled/);
    }
    // Its slot is open again, and the upcoming list leaves it out.
    expect((await call(undefined, "GET", "/api/bookings/slots")).json().slots).toContain(open[24]);
    const upcoming = (await call(staff, "GET", "/api/admin/bookings")).json().calls;
    expect(upcoming.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});
