import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aLead, aStaffMember } from "../../../../tests/support/factories";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("the leads inbox on %s", (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    await aStaffMember(t.database.db, {
      email: staffEmail,
      firstName: "Avery",
      lastName: "Harbor",
    });
    // An application that came in before this test's leads, long since won.
    await aLead(t.database.db, { kind: "application", name: "Jordan Rivera", status: "won" });
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  const post = (url: string, body: unknown) => call(undefined, "POST", url, body);

  it("lists both kinds newest first, filters, searches, pages, and hides spam", async () => {
    await post("/api/contact", {
      name: "Maria Lopez",
      email: "maria@lopezflorals.example",
      subject: "Flower shop website",
      message: "We need online ordering before Valentine's Day.",
    });
    await post("/api/apply", {
      name: "Dev Patel",
      email: "dev@harborcoffee.example",
      company: "Harbor Coffee Co.",
      projectType: "app",
      description: "A loyalty app for our three coffee shops with ordering.",
    });
    await post("/api/contact", {
      name: "Bot",
      email: "bot@spam.example",
      subject: "Cheap stuff here",
      message: "Buy now, very cheap, limited offer!!",
      website: "http://spam.example",
    });

    const all = (await call(staff, "GET", "/api/admin/leads")).json();
    // Newest first: the application won long ago comes last.
    expect(all.items.map((lead: { name: string }) => lead.name)).toEqual([
      "Dev Patel",
      "Maria Lopez",
      "Jordan Rivera",
    ]);
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({
      kind: "application",
      company: "Harbor Coffee Co.",
      topic: "Web Application Development",
      status: "new",
    });

    const contacts = (await call(staff, "GET", "/api/admin/leads?kind=contact")).json();
    expect(contacts.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
    const search = (await call(staff, "GET", "/api/admin/leads?q=harbor%20coffee")).json();
    expect(search.items.map((lead: { name: string }) => lead.name)).toEqual(["Dev Patel"]);
    const byText = (await call(staff, "GET", "/api/admin/leads?q=valentine")).json();
    expect(byText.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
    const spam = (await call(staff, "GET", "/api/admin/leads?status=spam")).json();
    expect(spam.items.map((lead: { name: string }) => lead.name)).toEqual(["Bot"]);
    const page2 = (await call(staff, "GET", "/api/admin/leads?pageSize=1&page=2")).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page2.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
    const bad = await call(staff, "GET", "/api/admin/leads?status=hot");
    expect(bad.statusCode).toBe(400);
  });

  it("shows every field, changes status and keeps notes with author and time", async () => {
    const list = (await call(staff, "GET", "/api/admin/leads?kind=application")).json();
    const lead = list.items[0];
    const detail = (await call(staff, "GET", `/api/admin/leads/application/${lead.id}`)).json();
    expect(detail.fields.map((f: { label: string }) => f.label)).toEqual([
      "Full Name",
      "Email Address",
      "Phone Number",
      "Company Name",
      "Project Type",
      "Estimated Budget",
      "Desired Timeline",
      "Project Description",
    ]);
    const moved = await call(staff, "PATCH", `/api/admin/leads/application/${lead.id}`, {
      status: "qualified",
    });
    expect(moved.json().status).toBe("qualified");
    const noted = await call(staff, "POST", `/api/admin/leads/application/${lead.id}/notes`, {
      body: "Called Dev; wants a proposal by Friday.",
    });
    expect(noted.statusCode).toBe(201);
    expect(noted.json().notes).toEqual([
      {
        id: expect.any(String),
        body: "Called Dev; wants a proposal by Friday.",
        authorName: "Avery Harbor",
        createdAt: expect.any(String),
      },
    ]);
    const missing = await call(
      staff,
      "GET",
      "/api/admin/leads/contact/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.statusCode).toBe(404);
  });

  it("exports the current filter as CSV with formulas made inert", async () => {
    await post("/api/contact", {
      name: '=HYPERLINK("x")',
      email: "formula@example.com",
      subject: "+SUM(A1:A9) please",
      message: '@cmd -2+3 and a quote " in the text, plus a comma, here',
    });
    const response = await call(staff, "GET", "/api/admin/leads/export.csv?kind=contact");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="leads-/);
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(
      '"Reference","Kind","Status","Received","Name","Email","Company","Topic","Phone","Budget","Timeline","Message","Notes"',
    );
    const row = lines.find((line) => line.includes("formula@example.com"))!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain(`"'+SUM(A1:A9) please"`);
    expect(row).toContain(`"'@cmd -2+3 and a quote "" in the text, plus a comma, here"`);
    expect(response.body).not.toContain("Dev Patel");
  });
});
