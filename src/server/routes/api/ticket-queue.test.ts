import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aTicket } from "../../../../tests/support/factories";
import { outboxEmails, supportTickets } from "../../db/schema";

const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";

describe.each(databaseKinds)("the staff ticket queue on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail, firstName: "Avery", lastName: "Harbor" });
    const { company, owner } = await aClient(db, {
      owner: { email: clientEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    // One ticket of each priority the filter tells apart.
    await aTicket(db, owner, company.id, {
      subject: "Checkout page loads slowly on mobile",
      priority: "high",
    });
    await aTicket(db, owner, company.id, {
      subject: "Add a holiday hours banner to the home page",
      priority: "medium",
    });
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  it("filters, answers (the client sees it and is emailed), and changes status and priority", async () => {
    const high = (await call(staff, "GET", "/api/admin/tickets?priority=high")).json().items;
    expect(high.map((x: { subject: string }) => x.subject)).toEqual([
      "Checkout page loads slowly on mobile",
    ]);
    expect(high[0]).toMatchObject({ clientEmail: clientEmail, clientName: "Jordan Rivera" });
    const ticketId = high[0].id;

    const answered = await call(staff, "POST", `/api/admin/tickets/${ticketId}/messages`, {
      body: "We compressed the product images; the page now loads in under 2 seconds.",
    });
    expect(answered.statusCode).toBe(201);
    const seen = (await call(client, "GET", `/api/tickets/${ticketId}`)).json();
    expect(seen.messages.at(-1)).toMatchObject({
      fromStaff: true,
      authorName: "Avery Harbor (Harborline)",
      body: "We compressed the product images; the page now loads in under 2 seconds.",
    });
    const [notice] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, clientEmail), eq(outboxEmails.kind, "ticket-staff-reply")));
    expect(notice?.subject).toBe("Re: Checkout page loads slowly on mobile");

    const resolved = await call(staff, "PATCH", `/api/admin/tickets/${ticketId}`, {
      status: "resolved",
      priority: "urgent",
    });
    expect(resolved.json()).toMatchObject({ status: "resolved", priority: "urgent" });
    const reopened = await call(client, "POST", `/api/tickets/${ticketId}/messages`, {
      body: "Thanks! It is slow again this morning though.",
    });
    expect(reopened.json().status).toBe("open");
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId));
    expect(row?.status).toBe("open");
    const agency = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.to, "desk@harborline.example"),
          eq(outboxEmails.kind, "ticket-client-reply"),
        ),
      );
    expect(agency).toHaveLength(1);
    // Answering the email answers in the ticket (SUPPORT_EMAIL defaults to the brand's domain).
    expect(agency[0]?.replyTo).toBe(`support+${row!.replyToken}@harborline.example`);

    const nothing = await call(staff, "PATCH", `/api/admin/tickets/${ticketId}`, {});
    expect(nothing.statusCode).toBe(400);
  });

  it("tells a field called body apart from the request body", async () => {
    const [ticket] = await t.database.db.select().from(supportTickets);
    const lead = await call(undefined, "POST", "/api/contact", {
      name: "Maria Lopez",
      email: "maria@example.com",
      subject: "A new website",
      message: "We would like a new website for our shops.",
    });
    expect(lead.statusCode).toBe(201);
    const fieldProblem = "Some fields need attention. Please check them and try again.";
    for (const [cookie, url, message] of [
      [
        staff,
        `/api/admin/tickets/${ticket!.id}/messages`,
        "Message must be at least 10 characters",
      ],
      [client, `/api/tickets/${ticket!.id}/messages`, "Message must be at least 10 characters"],
      [staff, `/api/admin/leads/contact/${lead.json().id}/notes`, "Write a note first"],
    ] as const) {
      const short = await call(cookie, "POST", url, { body: " " });
      expect(short.statusCode, url).toBe(400);
      expect(short.json(), url).toEqual({ message: fieldProblem, errors: { body: message } });

      const notAnObject = await call(cookie, "POST", url, ["a reply"]);
      expect(notAnObject.statusCode, url).toBe(400);
      expect(notAnObject.json(), url).toEqual({
        message: "The request body must be a JSON object.",
      });
    }

    // A rule across fields is the message itself, not a field's.
    const nothing = await call(staff, "PATCH", `/api/admin/tickets/${ticket!.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      message: "Change the status, the priority, the website or the assignee",
    });
  });

  it("shows staff what became of each email", async () => {
    const emails = (await call(staff, "GET", "/api/admin/outbox")).json();
    expect(emails.length).toBeGreaterThan(0);
    expect(emails[0]).toMatchObject({ status: expect.stringMatching(/pending|sent|failed/) });
  });
});
