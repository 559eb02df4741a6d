import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aClient,
  aClientUser,
  aPlan,
  aStaffMember,
  aWebsite,
} from "../../../../tests/support/factories";
import type { MonthlyReport } from "@shared/schemas/reports";
import { addMonthsTo } from "@shared/work-time";
import * as schema from "../../db/schema";
import { agencyMonth } from "../../hours/reading";
import { runReportsOnce } from "../../reports/archive";
import { reportMessages } from "../../reports/monthly";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("monthly report routes on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let member: string;
  let outsider: string;
  let companyId: string;
  let bareId: string;
  const lastMonth = addMonthsTo(agencyMonth(new Date()), -1);
  const emails = async () =>
    (await t.database.db.select({ n: count() }).from(schema.outboxEmails))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    const client = await aClient(db, { name: "Rivera Bakery" });
    companyId = client.company.id;
    await aPlan(db, companyId, {
      name: "Basic Care",
      startsOn: `${addMonthsTo(lastMonth, -2)}-01`,
    });
    await aWebsite(db, companyId, { domain: "riverabakery.example" });
    const plain = await aClientUser(db, companyId, { role: "member" });
    const bare = await aClient(db, { name: "No Plan Co" });
    bareId = bare.company.id;
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, client.owner.email);
    member = await signInAs(t, plain.email);
    outsider = await signInAs(t, bare.owner.email);
    await runReportsOnce({
      db,
      settings: { agencyInbox: "a@b.example", publicUrl: "http://x" },
      now: new Date(),
    });
  });
  afterAll(() => t.close());

  it("lists the company's reports for every member, each opening its PDF; others see none", async () => {
    for (const cookie of [owner, member]) {
      const list = await callApi(t, cookie, "GET", "/api/reports");
      expect(list.statusCode).toBe(200);
      expect(list.json().reports.map((r: { month: string }) => r.month)[0]).toBe(lastMonth);
      const pdf = await callApi(t, cookie, "GET", `/api/reports/${lastMonth}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect((await callApi(t, outsider, "GET", "/api/reports")).json().reports).toEqual([]);
    expect((await callApi(t, outsider, "GET", `/api/reports/${lastMonth}/pdf`)).statusCode).toBe(
      404,
    );
  });

  it("reads a report archived before its speed and goals sections, with those sections empty", async () => {
    const { db } = t.database;
    const month = addMonthsTo(lastMonth, -1);
    const [row] = await db
      .select()
      .from(schema.monthlyReports)
      .where(eq(schema.monthlyReports.month, month));
    const sites = row!.data.sites.map(({ vitals: _v, goals: _g, ...site }) => site);
    expect(sites).toHaveLength(1);
    await db
      .update(schema.monthlyReports)
      .set({ data: { ...row!.data, sites } as MonthlyReport })
      .where(eq(schema.monthlyReports.month, month));
    const preview = await callApi(
      t,
      staff,
      "GET",
      `/api/admin/clients/${companyId}/reports/${month}`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().report.sites).toEqual([
      expect.objectContaining({ domain: "riverabakery.example", vitals: [], goals: [] }),
    ]);
    const pdf = await callApi(t, owner, "GET", `/api/reports/${month}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("lets an owner, and only an owner, turn the email off", async () => {
    expect(
      (await callApi(t, member, "PUT", "/api/reports/settings", { emailReports: false }))
        .statusCode,
    ).toBe(403);
    const off = await callApi(t, owner, "PUT", "/api/reports/settings", { emailReports: false });
    expect(off.statusCode).toBe(200);
    expect((await callApi(t, owner, "GET", "/api/reports")).json().emailReports).toBe(false);
    const bad = await callApi(t, owner, "PUT", "/api/reports/settings", { emailReports: "no" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.emailReports).toBe("Email reports must be true or false");
    await callApi(t, owner, "PUT", "/api/reports/settings", { emailReports: true });
  });

  it("lets staff preview any ended month, and send it again with a note, audited", async () => {
    const preview = await callApi(
      t,
      staff,
      "GET",
      `/api/admin/clients/${companyId}/reports/${lastMonth}`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ archived: true, note: null });
    const before = await emails();
    const sent = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/clients/${companyId}/reports/${lastMonth}/send`,
      {
        note: "A quiet month: we updated every plugin.",
      },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ emailed: true, note: "A quiet month: we updated every plugin." });
    expect(await emails()).toBe(before + 1);
    const again = await callApi(
      t,
      staff,
      "GET",
      `/api/admin/clients/${companyId}/reports/${lastMonth}`,
    );
    expect(again.json().note).toBe("A quiet month: we updated every plugin.");
    const events = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, "report.sent"));
    expect(events).toHaveLength(1);
    // A month not archived (before the catch-up reaches): made on the fly for the preview.
    const older = addMonthsTo(lastMonth, -4);
    const made = await callApi(t, staff, "GET", `/api/admin/clients/${companyId}/reports/${older}`);
    expect(made.json()).toMatchObject({ archived: false, report: { month: older } });
    const pdf = await callApi(
      t,
      staff,
      "GET",
      `/api/admin/clients/${companyId}/reports/${older}/pdf`,
    );
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("answers 4xx for a month not ended, a malformed month, and a client with no plan, storing nothing", async () => {
    const before = await emails();
    const thisMonth = agencyMonth(new Date());
    const cases: [string, number, string][] = [
      [`/api/admin/clients/${companyId}/reports/${thisMonth}`, 400, reportMessages.month],
      [`/api/admin/clients/${companyId}/reports/2026-13`, 400, reportMessages.month],
      [`/api/admin/clients/${bareId}/reports/${lastMonth}`, 409, reportMessages.noPlan],
    ];
    for (const [url, status, message] of cases) {
      const read = await callApi(t, staff, "GET", url);
      expect(read.statusCode, url).toBe(status);
      const body = read.json();
      expect(body.errors?.month ?? body.message).toBe(message);
      const send = await callApi(t, staff, "POST", `${url}/send`, { note: "" });
      expect(send.statusCode, url).toBe(status);
    }
    expect(await emails()).toBe(before);
    const archivedOfBare = await t.database.db
      .select()
      .from(schema.monthlyReports)
      .where(eq(schema.monthlyReports.companyId, bareId));
    expect(archivedOfBare).toEqual([]);
  });
});
