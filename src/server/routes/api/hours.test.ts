import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aClient,
  aPlan,
  aProject,
  aStaffMember,
  aTicket,
  aWebsite,
} from "../../../../tests/support/factories";
import { addMonthsTo } from "@shared/work-time";
import * as schema from "../../db/schema";
import { agencyMonth, agencyToday } from "../../hours/reading";

const staffEmail = "avery@harborline.example";
const otherStaffEmail = "sam@harborline.example";

describe.each(databaseKinds)("hours on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let otherStaff: string;
  let client: string;
  let companyId: string;
  let ticketId: string;
  let siteId: string;
  let projectId: string;
  let otherTicket: string;
  let otherSite: string;
  let otherProject: string;

  const entriesUrl = () => `/api/admin/clients/${companyId}/time-entries`;
  const storedEntries = async () =>
    (await t.database.db.select({ n: count() }).from(schema.timeEntries))[0]!.n;
  const audited = async (action: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(schema.auditEvents)
        .where(eq(schema.auditEvents.action, action))
    )[0]!.n;
  const entry = (patch: Record<string, unknown> = {}) => ({
    workDate: agencyToday(new Date()),
    minutes: 45,
    note: "Updated the plugins and checked the forms.",
    ...patch,
  });

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: `${staffEmail},${otherStaffEmail}` });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    await aStaffMember(db, { email: otherStaffEmail });
    const { company, owner } = await aClient(db);
    companyId = company.id;
    await aPlan(db, companyId, { name: "Standard Care", amountCents: 60_000 });
    siteId = (await aWebsite(db, companyId)).id;
    ticketId = (await aTicket(db, owner, companyId, { subject: "Contact form is broken" })).id;
    projectId = (await aProject(db, companyId, { name: "New booking page" })).id;
    const other = await aClient(db);
    otherTicket = (await aTicket(db, other.owner, other.company.id)).id;
    otherSite = (await aWebsite(db, other.company.id)).id;
    otherProject = (await aProject(db, other.company.id)).id;
    staff = await signInAs(t, staffEmail);
    otherStaff = await signInAs(t, otherStaffEmail);
    client = await signInAs(t, owner.email);
  });
  afterAll(() => t.close());

  it("refuses minutes out of range, a future date, and another client's ticket, site or project, storing nothing", async () => {
    const tomorrow = new Date(Date.now() + 36 * 3_600_000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ minutes: 0 }, "minutes", "Minutes must be a whole number from 1 to 1440"],
      [{ minutes: -30 }, "minutes", "Minutes must be a whole number from 1 to 1440"],
      [{ minutes: 1441 }, "minutes", "Minutes must be a whole number from 1 to 1440"],
      [{ minutes: "lots" }, "minutes", "Minutes must be a whole number"],
      [{ workDate: agencyToday(tomorrow) }, "workDate", "Date cannot be in the future"],
      [{ ticketId: otherTicket }, "ticketId", "Choose a ticket of this client"],
      [{ websiteId: otherSite }, "websiteId", "Choose a site of this client"],
      [{ projectId: otherProject }, "projectId", "Choose a project of this client"],
      [{ ticketId: "nope" }, "ticketId", "Choose the ticket from the list"],
      [{ note: " " }, "note", "Write a note of at least 2 characters"],
    ];
    for (const [patch, field, message] of cases) {
      const response = await callApi(t, staff, "POST", entriesUrl(), entry(patch));
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(patch)).toContain(message);
    }
    expect(await storedEntries()).toBe(0);
    expect((await callApi(t, client, "POST", entriesUrl(), entry())).statusCode).toBe(403);
    expect(await storedEntries()).toBe(0);
  });

  it("logs an entry against a ticket, which the client sees on the ticket and the dashboard", async () => {
    const logged = await callApi(t, staff, "POST", entriesUrl(), entry({ ticketId, minutes: 65 }));
    expect(logged.statusCode).toBe(201);
    expect(logged.json()).toMatchObject({
      minutes: 65,
      ticketId,
      ticketSubject: "Contact form is broken",
      editable: true,
    });
    expect(await audited("time.logged")).toBe(1);

    const ticketTime = await callApi(t, client, "GET", `/api/tickets/${ticketId}/time`);
    expect(ticketTime.json()).toEqual({ minutes: 65 });
    // Another client's ticket is not found for this client.
    expect((await callApi(t, client, "GET", `/api/tickets/${otherTicket}/time`)).statusCode).toBe(
      404,
    );

    const hours = await callApi(t, client, "GET", "/api/hours");
    expect(hours.json()).toEqual({
      month: agencyMonth(new Date()),
      usedMinutes: 65,
      includedMinutes: 5 * 60,
      planName: "Standard Care",
    });

    const list = await callApi(t, staff, "GET", `/api/admin/clients/${companyId}/hours`);
    expect(list.json()).toMatchObject({
      usedMinutes: 65,
      plan: { planName: "Standard Care", includedMinutes: 300, overageRateCents: 12_500 },
    });
    expect(list.json().months[0]).toEqual({ month: agencyMonth(new Date()), minutes: 65 });
    expect(list.json().months[1]).toEqual({
      month: addMonthsTo(agencyMonth(new Date()), -1),
      minutes: 0,
    });
  });

  it("lets only the author change an entry, for 7 days, auditing each change", async () => {
    const logged = (await callApi(t, staff, "POST", entriesUrl(), entry({ siteId }))).json();
    const url = `/api/admin/time-entries/${logged.id}`;
    const changed = await callApi(t, staff, "PATCH", url, entry({ minutes: 90, projectId }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ minutes: 90, projectName: "New booking page" });
    expect(await audited("time.changed")).toBe(1);

    const byOther = await callApi(t, otherStaff, "PATCH", url, entry({ minutes: 10 }));
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().message).toContain("Only the staff member who logged this time");
    expect((await callApi(t, otherStaff, "DELETE", url)).statusCode).toBe(409);

    await t.database.db
      .update(schema.timeEntries)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(schema.timeEntries.id, logged.id));
    const late = await callApi(t, staff, "PATCH", url, entry({ minutes: 10 }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("logged over 7 days ago");
    expect((await callApi(t, staff, "DELETE", url)).statusCode).toBe(409);
    const [kept] = await t.database.db
      .select()
      .from(schema.timeEntries)
      .where(eq(schema.timeEntries.id, logged.id));
    expect(kept?.minutes).toBe(90);
    expect(await audited("time.changed")).toBe(1);
    expect(await audited("time.deleted")).toBe(0);
  });

  it("runs one timer per staff member, kept on the server, and stopping it logs the time", async () => {
    const timerUrl = `/api/admin/clients/${companyId}/timer`;
    const started = await callApi(t, staff, "POST", timerUrl, { ticketId, note: "Fixing DNS" });
    expect(started.statusCode).toBe(201);
    const second = await callApi(t, staff, "POST", timerUrl, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain("already running");
    // Another staff member has a timer of their own.
    expect((await callApi(t, otherStaff, "POST", timerUrl, {})).statusCode).toBe(201);
    expect((await callApi(t, otherStaff, "DELETE", "/api/admin/timer")).statusCode).toBe(204);

    // Read back as a reload would.
    const running = (await callApi(t, staff, "GET", "/api/admin/timer")).json();
    expect(running.timer).toMatchObject({ companyId, ticketId, note: "Fixing DNS" });

    // Twenty minutes later.
    await t.database.db
      .update(schema.timeTimers)
      .set({ startedAt: new Date(Date.now() - 20 * 60_000 + 5_000) })
      .where(eq(schema.timeTimers.companyId, companyId));
    const before = await storedEntries();
    const stopped = await callApi(t, staff, "POST", "/api/admin/timer/stop", {});
    expect(stopped.statusCode).toBe(201);
    expect(stopped.json()).toMatchObject({ minutes: 20, ticketId, note: "Fixing DNS" });
    expect(await storedEntries()).toBe(before + 1);
    expect((await callApi(t, staff, "GET", "/api/admin/timer")).json()).toEqual({ timer: null });
    expect((await callApi(t, staff, "POST", "/api/admin/timer/stop", {})).statusCode).toBe(409);
    expect(await audited("timer.started")).toBe(2);
    expect(await audited("timer.stopped")).toBe(1);
    expect(await audited("timer.discarded")).toBe(1);
  });

  it("lets staff set a plan's own hours and rate", async () => {
    const [plan] = await t.database.db
      .select()
      .from(schema.recurringPlans)
      .where(and(eq(schema.recurringPlans.companyId, companyId)));
    const url = `/api/admin/plans/${plan!.id}/hours`;
    const bad = await callApi(t, staff, "PUT", url, { includedHours: -1, overageRateCents: 100 });
    expect(bad.statusCode).toBe(400);
    const set = await callApi(t, staff, "PUT", url, { includedHours: 8, overageRateCents: 9_000 });
    expect(set.json()).toMatchObject({ includedMinutes: 480, overageRateCents: 9_000 });
    expect((await callApi(t, client, "GET", "/api/hours")).json().includedMinutes).toBe(480);
    expect(await audited("plan.hours-changed")).toBe(1);
  });
});
