import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aCardOnFile,
  aClient,
  aDomain,
  aLead,
  anAcceptedProposal,
  anInvoice,
  aPlan,
  aStaffMember,
  aTicket,
  aWebsite,
} from "../../../../tests/support/factories";
import {
  billingAccounts,
  companies,
  companyMembers,
  domains,
  inboundEmails,
  leadNotes,
  leads,
  outboxEmails,
  sessions,
  supportTickets,
  users,
  websites,
} from "../../db/schema";
import { SESSION_COOKIE } from "../../plugins/session";

const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";

describe.each(databaseKinds)("privacy requests on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let clientId: string;
  /** The client's company. */
  let companyId: string;
  /** Someone else's lead, which erasing the client must leave alone. */
  let otherLeadId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    // A client with all a company gathers: a website, two domains, a monthly plan, a card, an
    // invoice paid, two tickets (one answered), and the application it came from, whose
    // proposal it accepted (its deposit invoiced, its project open).
    const given = await aClient(db, {
      name: "Rivera Bakery",
      owner: { email: clientEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    clientId = given.owner.id;
    companyId = given.company.id;
    await aWebsite(db, companyId, { domain: "riverabakery.example" });
    await aDomain(db, companyId, { domain: "riverabakery.example" });
    await aDomain(db, companyId, { domain: "riverabakery-catering.example" });
    await aPlan(db, companyId, { name: "VPS Hosting", amountCents: 2499 });
    await aCardOnFile(db, companyId);
    await anInvoice(db, companyId, { state: "paid" });
    await aTicket(db, given.owner, companyId);
    const answered = await aTicket(db, given.owner, companyId);
    const reply = await callApi(t, staff, "POST", `/api/admin/tickets/${answered.id}/messages`, {
      body: "We have looked into it and fixed it.",
    });
    expect(reply.statusCode).toBe(201);
    const client = await signInAs(t, clientEmail);
    const application = await aLead(db, {
      kind: "application",
      name: "Jordan Rivera",
      email: clientEmail,
      company: "Rivera Bakery",
    });
    await callApi(t, staff, "POST", `/api/admin/leads/${application.id}/convert`, { companyId });
    await anAcceptedProposal(
      t,
      { staff, client, signedName: "Jordan Rivera" },
      { leadId: application.id, title: "Rivera Bakery website redesign" },
    );
    // A second member, whose account, leads and emails go with the company too.
    await signInAs(t, "baker@riverabakery.example", { companyId, role: "billing" });
    const post = async (url: string, lead: object) => {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(lead),
      });
      return response.json<{ id: string }>().id;
    };
    const contactId = await post("/api/contact", {
      name: "Jordan Rivera",
      email: clientEmail,
      subject: "A second bakery site",
      message: "We are opening a second location and need a site for it.",
    });
    const applicationId = await post("/api/apply", {
      name: "Jordan Rivera",
      email: clientEmail,
      phone: "(253) 555-0142",
      company: "Rivera Bakery",
      projectType: "website",
      budget: "5k-15k",
      timeline: "flexible",
      description: "An online order form for cakes, with pick-up times at both locations.",
    });
    otherLeadId = await post("/api/contact", {
      name: "Someone Else",
      email: "someone@else.example",
      subject: "Unrelated question",
      message: "Do you also build sites for bakeries in Tacoma?",
    });
    await post("/api/contact", {
      name: "Sam Baker",
      email: "baker@riverabakery.example",
      subject: "Another question",
      message: "Can we add a page for wedding cakes to the site?",
    });
    // An email the client sent to the support address, and one from someone else.
    await t.database.db.insert(inboundEmails).values([
      {
        messageIdHeader: "<privacy-1@riverabakery.example>",
        fromAddress: clientEmail,
        toAddress: "support@harborline.example",
        subject: "Our opening hours changed",
        outcome: "new-ticket",
      },
      {
        messageIdHeader: "<privacy-2@else.example>",
        fromAddress: "someone@else.example",
        toAddress: "support@harborline.example",
        subject: "Hello",
        outcome: "rejected",
        reason: "not a client",
      },
    ]);
    for (const [leadKind, id] of [
      ["contact", contactId],
      ["application", applicationId],
      ["contact", otherLeadId],
    ]) {
      const note = await asStaff("POST", `/api/admin/leads/${leadKind}/${id}/notes`, {
        body: "Called back, left a message.",
      });
      expect(note.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const asStaff = (method: "GET" | "POST" | "DELETE", url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: staff },
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) }),
    });

  it("exports everything stored about a client company and its members as JSON", async () => {
    const response = await asStaff("GET", `/api/admin/clients/${companyId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="client-/);
    const data = response.json();
    expect(data.company).toMatchObject({ id: companyId, name: "Rivera Bakery" });
    expect(data.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["baker@riverabakery.example", "billing"],
      [clientEmail, "owner"],
    ]);
    expect(data.websites).toHaveLength(1);
    expect(data.domains).toHaveLength(2);
    expect(data.billing.plans[0].name).toBe("VPS Hosting");
    // Its invoices (each with its lines and payments) and its payments.
    expect(data.invoices.length).toBeGreaterThan(1);
    expect(data.invoices[0].lines.length).toBeGreaterThan(0);
    expect(data.payments.length).toBe(data.invoices.length - 1);
    expect(data.tickets.map((x: { messages: unknown[] }) => x.messages.length).sort()).toEqual([
      1, 2,
    ]);
    // The leads as the export has always shown them: messages and applications apart, each with
    // its own form's fields.
    expect(data.contactMessages).toHaveLength(2);
    expect(Object.keys(data.contactMessages[0])).toEqual([
      "id",
      "reference",
      "name",
      "email",
      "subject",
      "message",
      "status",
      "createdAt",
    ]);
    expect(
      data.contactMessages.find((m: { email: string }) => m.email === clientEmail),
    ).toMatchObject({
      subject: "A second bakery site",
      status: "new",
      reference: expect.stringMatching(/^HL-/),
    });
    // This test's application, and the one the company was converted from.
    expect(data.projectApplications).toHaveLength(2);
    expect(Object.keys(data.projectApplications[0])).toEqual([
      "id",
      "reference",
      "name",
      "email",
      "phone",
      "company",
      "projectType",
      "budget",
      "timeline",
      "description",
      "status",
      "createdAt",
    ]);
    expect(
      data.projectApplications.find((a: { phone: string }) => a.phone === "(253) 555-0142"),
    ).toMatchObject({
      phone: "(253) 555-0142",
      company: "Rivera Bakery",
      projectType: "website",
      budget: "5k-15k",
      timeline: "flexible",
    });
    expect(data.emailsSent.length).toBeGreaterThan(0);
    expect(data.emailsReceived).toEqual([
      expect.objectContaining({ from: clientEmail, subject: "Our opening hours changed" }),
    ]);
    // The accepted proposal with its acceptance record, and the project it opened.
    expect(data.proposals).toHaveLength(1);
    expect(data.proposals[0].response).toMatchObject({
      decision: "accepted",
      signedName: "Jordan Rivera",
    });
    expect(data.projects.map((p: { name: string }) => p.name)).toEqual([
      "Rivera Bakery website redesign",
    ]);
    expect(data.projects[0].milestones).toHaveLength(3);
  });

  it("deletes a client company, its rows and its members only after the confirmation", async () => {
    const client = await signInAs(t, clientEmail);
    const wrong = await asStaff("DELETE", `/api/admin/clients/${companyId}`, {
      confirmEmail: "someone@else.example",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.confirmEmail).toBe(`Type ${clientEmail} to confirm`);
    expect(await t.database.db.$count(users, eq(users.id, clientId))).toBe(1);

    const gone = await asStaff("DELETE", `/api/admin/clients/${companyId}`, {
      confirmEmail: clientEmail.toUpperCase(),
    });
    expect(gone.statusCode).toBe(204);
    for (const [table, column] of [
      [supportTickets, supportTickets.companyId],
      [domains, domains.companyId],
      [websites, websites.companyId],
      [billingAccounts, billingAccounts.companyId],
      [companyMembers, companyMembers.companyId],
      [companies, companies.id],
    ] as const) {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(column, companyId));
      expect(row!.n).toBe(0);
    }
    // Both members' accounts are gone.
    expect(
      await t.database.db.$count(
        users,
        inArray(users.email, [clientEmail, "baker@riverabakery.example"]),
      ),
    ).toBe(0);
    // Their leads, both kinds, and the notes on them are gone; someone else's lead stays.
    expect(await t.database.db.$count(leads, eq(leads.email, clientEmail))).toBe(0);
    expect(await t.database.db.$count(leads, eq(leads.email, "baker@riverabakery.example"))).toBe(
      0,
    );
    const notes = await t.database.db.select().from(leadNotes);
    expect(notes.map((note) => note.leadId)).toEqual([otherLeadId]);
    expect(await t.database.db.$count(leads)).toBe(1);
    expect(await t.database.db.$count(outboxEmails, eq(outboxEmails.to, clientEmail))).toBe(0);
    expect(
      await t.database.db.$count(inboundEmails, eq(inboundEmails.fromAddress, clientEmail)),
    ).toBe(0);
    expect(await t.database.db.$count(inboundEmails)).toBe(1);
    const left = await t.database.db.select().from(sessions);
    expect(left.some((row) => JSON.stringify(row.sess).includes(clientId))).toBe(false);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      cookies: { [SESSION_COOKIE]: client },
    });
    expect(me.statusCode).toBe(401);
    expect((await asStaff("GET", `/api/admin/clients/${companyId}`)).statusCode).toBe(404);
  });

  it("erases a company that a staff member belongs to without erasing their account", async () => {
    const db = t.database.db;
    const [colleague] = await db
      .insert(users)
      .values({ email: "old.hand@harborline.example", isAdmin: true })
      .returning();
    const [company] = await db.insert(companies).values({ name: "Old test rows" }).returning();
    await db
      .insert(companyMembers)
      .values({ companyId: company!.id, userId: colleague!.id, role: "owner" });
    const gone = await asStaff("DELETE", `/api/admin/clients/${company!.id}`, {
      confirmEmail: "old.hand@harborline.example",
    });
    expect(gone.statusCode).toBe(204);
    expect(await db.$count(companies, eq(companies.id, company!.id))).toBe(0);
    expect(await db.$count(users, eq(users.id, colleague!.id))).toBe(1);
  });

  it("answers 404 for an id that is not a company, such as a staff member's own", async () => {
    const [self] = await t.database.db.select().from(users).where(eq(users.email, staffEmail));
    const response = await asStaff("DELETE", `/api/admin/clients/${self!.id}`, {
      confirmEmail: staffEmail,
    });
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.$count(users, eq(users.id, self!.id))).toBe(1);
  });
});
