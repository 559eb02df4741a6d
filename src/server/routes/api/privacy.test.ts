import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  contactMessages,
  domains,
  outboxEmails,
  sessions,
  supportTickets,
  users,
} from "../../db/schema";
import { demoAdminEmail, demoClientEmail, seedDemoData } from "../../db/seed";
import { SESSION_COOKIE } from "../../plugins/session";

describe.each(databaseKinds)("privacy requests on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: demoAdminEmail });
    await seedDemoData(t.database.db);
    staff = await signInAs(t, demoAdminEmail);
    const [client] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, demoClientEmail));
    clientId = client!.id;
    await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        name: "Jordan Rivera",
        email: demoClientEmail,
        subject: "A second bakery site",
        message: "We are opening a second location and need a site for it.",
      }),
    });
  });
  afterAll(() => t.close());

  const asStaff = (method: "GET" | "DELETE", url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: staff },
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) }),
    });

  it("exports everything stored about a client as JSON", async () => {
    const response = await asStaff("GET", `/api/admin/clients/${clientId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="client-/);
    const data = response.json();
    expect(data.account.email).toBe(demoClientEmail);
    expect(data.websites).toHaveLength(1);
    expect(data.domains).toHaveLength(2);
    expect(data.billing.plan).toBe("VPS Hosting");
    expect(data.tickets.map((x: { messages: unknown[] }) => x.messages.length).sort()).toEqual([
      1, 2,
    ]);
    expect(data.contactMessages[0].subject).toBe("A second bakery site");
    expect(data.emailsSent.length).toBeGreaterThan(0);
  });

  it("deletes a client and their data only after the confirmation", async () => {
    const client = await signInAs(t, demoClientEmail);
    const wrong = await asStaff("DELETE", `/api/admin/clients/${clientId}`, {
      confirmEmail: "someone@else.example",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.confirmEmail).toBe(`Type ${demoClientEmail} to confirm`);
    expect(await t.database.db.$count(users, eq(users.id, clientId))).toBe(1);

    const gone = await asStaff("DELETE", `/api/admin/clients/${clientId}`, {
      confirmEmail: demoClientEmail.toUpperCase(),
    });
    expect(gone.statusCode).toBe(204);
    for (const [table, column] of [
      [supportTickets, supportTickets.userId],
      [domains, domains.userId],
    ] as const) {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(column, clientId));
      expect(row!.n).toBe(0);
    }
    expect(
      await t.database.db.$count(contactMessages, eq(contactMessages.email, demoClientEmail)),
    ).toBe(0);
    expect(await t.database.db.$count(outboxEmails, eq(outboxEmails.to, demoClientEmail))).toBe(0);
    const left = await t.database.db.select().from(sessions);
    expect(left.some((row) => JSON.stringify(row.sess).includes(clientId))).toBe(false);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      cookies: { [SESSION_COOKIE]: client },
    });
    expect(me.statusCode).toBe(401);
    expect((await asStaff("GET", `/api/admin/clients/${clientId}`)).statusCode).toBe(404);
  });

  it("will not let staff delete their own account", async () => {
    const [self] = await t.database.db.select().from(users).where(eq(users.email, demoAdminEmail));
    const response = await asStaff("DELETE", `/api/admin/clients/${self!.id}`, {
      confirmEmail: demoAdminEmail,
    });
    expect(response.statusCode).toBe(409);
  });
});
