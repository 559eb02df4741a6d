import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember } from "../../../tests/support/factories";
import { outboxEmails } from "../db/schema";
import { sendDueReminders } from "./reminders";

describe.each(databaseKinds)("call reminders on %s", (kind) => {
  let t: TestApp;
  const settings = () => ({
    publicUrl: t.config.publicUrl,
    agencyInbox: t.config.agencyInbox,
    timeZone: "America/Los_Angeles",
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await aStaffMember(t.database.db);
  });
  afterAll(() => t.close());

  it("queues one reminder a day before, once however many passes run, with working links", async () => {
    const slots = (await t.app.inject({ method: "GET", url: "/api/bookings/slots" })).json().slots;
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: {
        startsAt: slots[0],
        timeZone: "Europe/Berlin",
        name: "Ana Müller",
        email: "ana@example.com",
      },
    });
    expect(booked.statusCode).toBe(201);
    const start = new Date(slots[0]).getTime();
    // Two days ahead: not yet.
    expect(
      await sendDueReminders(t.database.db, settings(), new Date(start - 48 * 3_600_000)),
    ).toBe(0);
    // 23 hours ahead, as after downtime: two passes at once (two instances) queue one.
    const at = new Date(start - 23 * 3_600_000);
    const passes = await Promise.all([
      sendDueReminders(t.database.db, settings(), at),
      sendDueReminders(t.database.db, settings(), at),
    ]);
    expect(passes[0] + passes[1]).toBe(1);
    expect(await sendDueReminders(t.database.db, settings(), at)).toBe(0);
    const reminders = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "booking-reminder"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(/tomorrow/);
    const token = /\?cancel=(hlb_[\w-]+)/.exec(reminders[0]!.text)![1];
    const peek = await t.app.inject({
      method: "GET",
      url: `/api/bookings/link?token=${token}&purpose=cancel`,
    });
    expect(peek.statusCode).toBe(200);
  });
});
