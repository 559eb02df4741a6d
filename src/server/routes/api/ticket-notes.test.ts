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
import { aClient, aSavedReply, aStaffMember } from "../../../../tests/support/factories";
import { auditEvents, outboxEmails, supportTickets } from "../../db/schema";
import { SESSION_COOKIE } from "../../plugins/session";

/*
 * Issue 30's tickets: staff's internal notes that no client-facing read shows, saved replies
 * shared by staff, and a staff reply leaving an open ticket waiting for the client.
 */
const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("ticket notes, saved replies and waiting on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  /** Another member of the client's company. */
  let colleague: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    const avery = await aStaffMember(db, {
      email: staffEmail,
      firstName: "Avery",
      lastName: "Harbor",
    });
    // Two replies staff saved before.
    await aSavedReply(db, avery, { title: "Change is live" });
    await aSavedReply(db, avery, { title: "Need more details" });
    const { company, owner } = await aClient(db);
    companyId = company.id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
    colleague = await signInAs(t, "baker@riverabakery.example", { companyId, role: "member" });
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const open = async (subject: string) => {
    const response = await call(client, "POST", "/api/tickets", {
      subject,
      message: "The contact form sends nothing since this morning.",
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const status = async (id: string) =>
    (await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]!.status;
  const setStatus = (id: string, to: string) =>
    t.database.db.update(supportTickets).set({ status: to }).where(eq(supportTickets.id, id));
  const allEmails = () => t.database.db.select().from(outboxEmails);

  it("keeps a staff note out of every read, email and notice a client gets, and shows it to staff as a note", async () => {
    const ticket = await open("The contact form is broken");
    const note = `Their mail host rejects our relay: ask Ops ${Date.now().toString(36)}`;
    const emailsBefore = (await allEmails()).length;
    const unreadBefore = (await call(client, "GET", "/api/notices/unread-count")).json().unread;
    const listedBefore = (await call(client, "GET", "/api/tickets")).json();

    // A file on the note is staff's too.
    const file = await t.app.inject({
      method: "POST",
      url: "/api/tickets/attachments?name=relay-log.txt",
      cookies: { [SESSION_COOKIE]: staff },
      headers: { "content-type": "text/plain" },
      payload: Buffer.from(`relay log: ${note}\n`),
    });
    expect(file.statusCode, file.body).toBe(201);
    const noted = await call(staff, "POST", `/api/admin/tickets/${ticket}/notes`, {
      body: note,
      attachmentIds: [file.json().id],
    });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(noted.json().messages.at(-1)).toMatchObject({
      body: note,
      fromStaff: true,
      internal: true,
      attachments: [{ id: file.json().id }],
    });

    // Staff see it in the thread, marked as an internal note; the client's message is not.
    const asStaff = (await call(staff, "GET", `/api/admin/tickets/${ticket}`)).json();
    expect(
      asStaff.messages.map((m: { body: string; internal: boolean }) => [m.body, m.internal]),
    ).toEqual([
      ["The contact form sends nothing since this morning.", false],
      [note, true],
    ]);

    // Nothing a member of the company reads holds it: the ticket, the list, the notices.
    for (const member of [client, colleague]) {
      const thread = await call(member, "GET", `/api/tickets/${ticket}`);
      expect(thread.statusCode).toBe(200);
      expect(thread.body).not.toContain(note);
      expect(thread.body).not.toContain("internal");
      expect(thread.json().messages).toHaveLength(1);
      const list = await call(member, "GET", "/api/tickets");
      expect(list.body).not.toContain(note);
      expect((await call(member, "GET", "/api/notices")).body).not.toContain(note);
    }
    // Not even its traces: the ticket's status and last activity are as they were.
    const listed = (await call(client, "GET", "/api/tickets")).json();
    expect(listed).toEqual(listedBefore);
    expect((await call(client, "GET", "/api/notices/unread-count")).json().unread).toBe(
      unreadBefore,
    );
    // The file answers 404 to the client, as one that is not there.
    const fetched = await call(client, "GET", `/api/tickets/attachments/${file.json().id}`);
    expect(fetched.statusCode).toBe(404);
    expect(fetched.body).not.toContain(note);

    // No email was written for it, to anyone.
    const emails = await allEmails();
    expect(emails).toHaveLength(emailsBefore);

    // A staff reply after it emails the client the reply, never the note.
    const answered = await call(staff, "POST", `/api/admin/tickets/${ticket}/messages`, {
      body: "We have moved your form to another mail relay; it sends again.",
    });
    expect(answered.statusCode).toBe(201);
    const after = await allEmails();
    expect(after.length).toBeGreaterThan(emailsBefore);
    for (const email of after) {
      expect(JSON.stringify(email), email.subject).not.toContain(note);
    }
    expect((await call(client, "GET", `/api/tickets/${ticket}`)).json().messages).toHaveLength(2);
    for (const member of [client, colleague]) {
      expect((await call(member, "GET", "/api/notices")).body).not.toContain(note);
    }

    // The privacy export shows the tickets as the client reads them.
    const exported = await call(staff, "GET", `/api/admin/clients/${companyId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(note);
    expect(exported.body).toContain("We have moved your form to another mail relay");

    // The note is on the record, for staff.
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, ticket), eq(auditEvents.action, "ticket.noted")));
    expect(audit).toMatchObject({ actorEmail: staffEmail, changes: { after: { note } } });
  });

  it("refuses an empty note, a note on no ticket, and a note from a client", async () => {
    const ticket = await open("A note that is never written");
    const empty = await call(staff, "POST", `/api/admin/tickets/${ticket}/notes`, { body: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ body: "Write the note" });
    const missing = await call(
      staff,
      "POST",
      "/api/admin/tickets/00000000-0000-4000-8000-000000000000/notes",
      { body: "Nobody reads this." },
    );
    expect(missing.statusCode).toBe(404);
    const fromClient = await call(client, "POST", `/api/admin/tickets/${ticket}/notes`, {
      body: "A client cannot write a staff note.",
    });
    expect(fromClient.statusCode).toBe(403);
    const thread = (await call(staff, "GET", `/api/admin/tickets/${ticket}`)).json();
    expect(thread.messages).toHaveLength(1);
  });

  it("leaves an open ticket waiting for the client after a staff reply, and opens it when they answer", async () => {
    const reply = (id: string) =>
      call(staff, "POST", `/api/admin/tickets/${id}/messages`, {
        body: "Could you send us a screenshot of the error?",
      });
    const ticket = await open("Waiting for the client");
    expect((await reply(ticket)).json().status).toBe("waiting");
    expect((await call(client, "GET", `/api/tickets/${ticket}`)).json().status).toBe("waiting");
    // An internal note is no answer: an open ticket stays open.
    const noted = await open("Noted, not answered");
    await call(staff, "POST", `/api/admin/tickets/${noted}/notes`, { body: "Looking into it." });
    expect(await status(noted)).toBe("open");
    // The client's answer gives it back to the team.
    const answered = await call(client, "POST", `/api/tickets/${ticket}/messages`, {
      body: "Here it is: the page says 'relay denied'.",
    });
    expect(answered.json().status).toBe("open");
    // Other statuses stay as they are.
    for (const other of ["in-progress", "resolved", "closed", "waiting"]) {
      await setStatus(ticket, other);
      expect((await reply(ticket)).json().status, other).toBe(other);
    }
  });

  it("lets staff create, list, change and delete saved replies, each on the audit log", async () => {
    const before = (await call(staff, "GET", "/api/admin/saved-replies")).json();
    expect(before.map((r: { title: string }) => r.title)).toEqual([
      "Change is live",
      "Need more details",
    ]);
    const created = await call(staff, "POST", "/api/admin/saved-replies", {
      title: "  Asked the host  ",
      body: "We have asked your host to look at it and will write as soon as they answer.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({ title: "Asked the host", updatedBy: "Avery Harbor" });
    const titles = async () =>
      (await call(staff, "GET", "/api/admin/saved-replies"))
        .json()
        .map((r: { title: string }) => r.title);
    expect(await titles()).toEqual(["Asked the host", "Change is live", "Need more details"]);

    const changed = await call(staff, "PUT", `/api/admin/saved-replies/${saved.id}`, {
      title: "Asked the host",
      body: "Your host is looking at it; we write as soon as they answer.",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().body).toBe(
      "Your host is looking at it; we write as soon as they answer.",
    );

    const refused = await call(staff, "POST", "/api/admin/saved-replies", { title: "", body: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      title: "Give the saved reply a title",
      body: "Write the text of the reply",
    });
    expect(await titles()).toHaveLength(3);
    // Staff only: a client is refused before anything is read or written.
    expect((await call(client, "GET", "/api/admin/saved-replies")).statusCode).toBe(403);
    expect((await call(client, "DELETE", `/api/admin/saved-replies/${saved.id}`)).statusCode).toBe(
      403,
    );

    expect((await call(staff, "DELETE", `/api/admin/saved-replies/${saved.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(staff, "DELETE", `/api/admin/saved-replies/${saved.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(staff, "PUT", `/api/admin/saved-replies/${saved.id}`, {
          title: "Gone",
          body: "This one was deleted.",
        })
      ).statusCode,
    ).toBe(404);
    expect(await titles()).toEqual(["Change is live", "Need more details"]);

    const logged = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, saved.id))
      .orderBy(auditEvents.createdAt);
    expect(logged.map((e) => [e.action, e.changes])).toEqual([
      [
        "saved-reply.created",
        {
          after: {
            title: "Asked the host",
            body: "We have asked your host to look at it and will write as soon as they answer.",
          },
        },
      ],
      [
        "saved-reply.changed",
        {
          before: {
            body: "We have asked your host to look at it and will write as soon as they answer.",
          },
          after: { body: "Your host is looking at it; we write as soon as they answer." },
        },
      ],
      [
        "saved-reply.deleted",
        {
          before: {
            title: "Asked the host",
            body: "Your host is looking at it; we write as soon as they answer.",
          },
        },
      ],
    ]);
  });
});
