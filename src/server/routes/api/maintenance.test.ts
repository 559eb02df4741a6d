import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";

const staffEmail = "avery@harborline.example";
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe.each(databaseKinds)("maintenance windows on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let companyId: string;
  let siteA: string;
  let otherSite: string;

  const windowsUrl = () => `/api/admin/clients/${companyId}/maintenance-windows`;
  const stored = async () =>
    (await t.database.db.select({ n: count() }).from(schema.maintenanceWindows))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    const { company, owner } = await aClient(db);
    companyId = company.id;
    siteA = (await aWebsite(db, company.id, { domain: "riverabakery.example" })).id;
    const other = await aClient(db);
    otherSite = (await aWebsite(db, other.company.id, { domain: "tidepool.example" })).id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
  });
  afterAll(() => t.close());

  it("refuses a window that ends before it starts, lies in the past, or names another client's site, storing nothing", async () => {
    const body = {
      websiteIds: [siteA],
      startsAt: inHours(72),
      endsAt: inHours(74),
      note: "Moving to a faster server.",
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endsAt: inHours(71) }, "endsAt", "End must be after the start"],
      [{ startsAt: inHours(-5), endsAt: inHours(-3) }, "endsAt", "The window is over already"],
      [{ startsAt: inHours(-2), endsAt: inHours(3) }, "startsAt", "Start must not be in the past"],
      [{ websiteIds: [otherSite] }, "websiteIds", "Choose websites of this client only"],
      [{ websiteIds: [] }, "websiteIds", "Choose at least one website"],
      [{ startsAt: "next tuesday" }, "startsAt", "Start must be a date and time"],
      [{ note: "   " }, "note", "Write a note for the client"],
    ];
    for (const [patch, field, message] of cases) {
      const response = await callApi(t, staff, "POST", windowsUrl(), { ...body, ...patch });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(patch)).toContain(message);
    }
    expect(await stored()).toBe(0);
    const unknown = `/api/admin/clients/00000000-0000-4000-8000-000000000000/maintenance-windows`;
    expect((await callApi(t, staff, "POST", unknown, body)).statusCode).toBe(404);
    expect((await callApi(t, client, "POST", windowsUrl(), body)).statusCode).toBe(403);
    expect(await stored()).toBe(0);
  });

  it("schedules a window the client's members then see, and cancels it", async () => {
    const scheduled = await callApi(t, staff, "POST", windowsUrl(), {
      websiteIds: [siteA],
      startsAt: inHours(72),
      endsAt: inHours(74),
      note: "Moving to a faster server.",
    });
    expect(scheduled.statusCode).toBe(200);
    const [window] = scheduled.json().windows;
    expect(window).toMatchObject({
      state: "upcoming",
      note: "Moving to a faster server.",
      sites: [{ id: siteA, domain: "riverabakery.example" }],
    });

    const seen = await callApi(t, client, "GET", "/api/maintenance-windows");
    expect(seen.json().windows).toEqual([window]);
    const health = await callApi(t, client, "GET", `/api/websites/${siteA}/health`);
    expect(health.json().maintenanceWindows).toEqual([window]);

    const cancelled = await callApi(
      t,
      staff,
      "DELETE",
      `/api/admin/maintenance-windows/${window.id}`,
    );
    expect(cancelled.statusCode).toBe(204);
    expect((await callApi(t, client, "GET", "/api/maintenance-windows")).json().windows).toEqual(
      [],
    );
    const again = await callApi(t, staff, "DELETE", `/api/admin/maintenance-windows/${window.id}`);
    expect(again.statusCode).toBe(404);
  });
});
