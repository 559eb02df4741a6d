import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type Method,
  type TestApp,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aLead, aStaffMember } from "../../../../tests/support/factories";
import { createApiToken } from "../../api-tokens/tokens";
import * as schema from "../../db/schema";

const staffEmail = "avery@harborline.example";
const newTicket = {
  subject: "Checkout returns an error",
  message: "Our monitoring saw the checkout page fail three times in ten minutes.",
  priority: "high",
};

describe.each(databaseKinds)("API tokens on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let companyId: string;
  let leadId: string;

  /** A request as an integrator's program: the token only, no cookie, no Origin. */
  const withToken = (
    token: string,
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...headers,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const makeToken = async (name: string, scopes: string[], expiresInDays = 30) => {
    const response = await callApi(t, staff, "POST", "/api/admin/api-tokens", {
      name,
      scopes,
      expiresInDays,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    return response.json() as { id: string; token: string; name: string; scopes: string[] };
  };
  const auditRows = () =>
    t.database.db.select().from(schema.auditEvents).orderBy(desc(schema.auditEvents.createdAt));
  const tokenRow = async (id: string) =>
    (await t.database.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    companyId = (await aClient(db)).company.id;
    leadId = (await aLead(db, { kind: "contact" })).id;
  });
  afterAll(() => t.close());

  it("shows a new token once, stores only its SHA-256, lists it without it and audits it", async () => {
    const created = await makeToken("CRM sync", ["leads:read"]);
    expect(created.token).toMatch(/^hla_[\w-]{43}$/);
    const row = await tokenRow(created.id);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await callApi(t, staff, "GET", "/api/admin/api-tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json()[0]).toMatchObject({
      id: created.id,
      name: "CRM sync",
      scopes: ["leads:read"],
      createdBy: staffEmail,
      lastUsedAt: null,
      revokedAt: null,
      state: "active",
    });
    const [event] = await auditRows();
    expect(event).toMatchObject({
      action: "api-token.created",
      targetType: "api-token",
      targetId: created.id,
      actorEmail: staffEmail,
      changes: { after: { name: "CRM sync", scopes: ["leads:read"] } },
    });
    expect(JSON.stringify(event)).not.toContain(created.token);
  });

  it("refuses a token without a name, scopes or a sane expiry, in words, storing nothing", async () => {
    const before = (await t.database.db.select().from(schema.apiTokens)).length;
    const bad = await callApi(t, staff, "POST", "/api/admin/api-tokens", {
      name: " ",
      scopes: ["leads:delete"],
      expiresInDays: 1000,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Name the token/);
    expect(bad.body).toMatch(/leads:read/);
    expect(bad.body).toMatch(/Expiry in days must be a whole number from 1 to 365/);
    const none = await callApi(t, staff, "POST", "/api/admin/api-tokens", {
      name: "Nothing",
      scopes: [],
      expiresInDays: 30,
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toMatch(/Choose at least one scope/);
    expect((await t.database.db.select().from(schema.apiTokens)).length).toBe(before);
  });

  it("lets a read token list leads, and refuses it a write, naming the scope it lacks", async () => {
    const { token } = await makeToken("Lead reader", ["leads:read"]);
    const list = await withToken(token, "GET", "/api/admin/leads");
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain(leadId);
    const write = await withToken(token, "PATCH", `/api/admin/leads/contact/${leadId}`, {
      status: "contacted",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: "This token lacks the leads:write scope" });
    // Another noun, and a route of no noun: refused before anything is read.
    const clients = await withToken(token, "GET", "/api/admin/clients");
    expect(clients.statusCode).toBe(403);
    expect(clients.json().message).toBe("This token lacks the clients:read scope");
    const audit = await withToken(token, "GET", "/api/admin/audit");
    expect(audit.statusCode).toBe(403);
    expect(audit.json().message).toMatch(/API tokens call the back office's routes of leads/);
    // Neither the portal's routes nor the token routes themselves.
    expect((await withToken(token, "GET", "/api/tickets")).statusCode).toBe(403);
    expect((await withToken(token, "GET", "/api/admin/api-tokens")).statusCode).toBe(403);
    const [lead] = await t.database.db
      .select()
      .from(schema.leads)
      .where(eq(schema.leads.id, leadId));
    expect(lead!.status).toBe("new");
  });

  it("lets a write token open a ticket as its maker, and audits the write with the token", async () => {
    const created = await makeToken("On-call", ["tickets:write"]);
    const opened = await withToken(created.token, "POST", "/api/admin/tickets", {
      ...newTicket,
      companyId,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ subject: newTicket.subject, priority: "high" });
    const [event] = await auditRows();
    expect(event).toMatchObject({
      action: "ticket.opened",
      targetId: opened.json().id,
      companyId,
      actorEmail: staffEmail,
      actorIsStaff: true,
      apiTokenId: created.id,
    });
    // Its bad input is told what to fix, and stores nothing.
    const bad = await withToken(created.token, "POST", "/api/admin/tickets", {
      ...newTicket,
      companyId: "nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/companyId: the id of the client company/);
    // Writing is not reading.
    const read = await withToken(created.token, "GET", "/api/admin/tickets");
    expect(read.json().message).toBe("This token lacks the tickets:read scope");
  });

  it("answers 401 and nothing more to a malformed, unknown, expired or revoked token", async () => {
    const expired = await makeToken("Old", ["leads:read"]);
    await t.database.db
      .update(schema.apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiTokens.id, expired.id));
    const revoked = await makeToken("Leaked", ["leads:read"]);
    expect((await withToken(revoked.token, "GET", "/api/admin/leads")).statusCode).toBe(200);
    const revoke = await callApi(t, staff, "POST", `/api/admin/api-tokens/${revoked.id}/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    expect((await auditRows())[0]).toMatchObject({
      action: "api-token.revoked",
      targetId: revoked.id,
      actorEmail: staffEmail,
    });
    const unknown = `hla_${"A".repeat(43)}`;
    for (const token of [
      "nonsense",
      "hla_short",
      unknown,
      expired.token,
      revoked.token,
      `${revoked.token}x`,
    ]) {
      for (const [method, url] of [
        ["GET", "/api/admin/leads"],
        ["POST", "/api/admin/tickets"],
        ["GET", "/api/tickets"],
      ] as const) {
        const answer = await withToken(token, method, url, method === "POST" ? {} : undefined);
        expect(answer.statusCode, `${token} ${method} ${url}`).toBe(401);
        expect(answer.json()).toEqual({ message: "Unauthorized" });
      }
    }
    const listed = (await callApi(t, staff, "GET", "/api/admin/api-tokens")).json();
    expect(listed.find((token: { id: string }) => token.id === expired.id).state).toBe("expired");
    // A token whose maker is no longer staff calls nothing either.
    const staffAgain = await makeToken("Maker leaves", ["leads:read"]);
    await t.database.db
      .update(schema.users)
      .set({ isAdmin: false })
      .where(eq(schema.users.email, staffEmail));
    expect((await withToken(staffAgain.token, "GET", "/api/admin/leads")).statusCode).toBe(401);
    await t.database.db
      .update(schema.users)
      .set({ isAdmin: true })
      .where(eq(schema.users.email, staffEmail));
    expect((await withToken(staffAgain.token, "GET", "/api/admin/leads")).statusCode).toBe(200);
    // Revoking no such token: 404.
    const missing = await callApi(
      t,
      staff,
      "POST",
      "/api/admin/api-tokens/00000000-0000-4000-8000-000000000000/revoke",
    );
    expect(missing.statusCode).toBe(404);
  });

  it("needs no second factor or same origin, while a cookie session without them is refused", async () => {
    const { token } = await makeToken("Desk", ["tickets:write", "leads:read"]);
    // From another site's page, as a browser would say: the token is not a browser's credential.
    const crossSite = await withToken(
      token,
      "POST",
      "/api/admin/tickets",
      { ...newTicket, companyId },
      { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.statusCode, crossSite.body).toBe(201);
    // The same staff member's session before the second factor is still refused, token or not
    // in another request, and a cookie's cross-site write still is.
    const halfSignedIn = await signInAs(t, staffEmail, { secondFactor: false });
    const refused = await callApi(t, halfSignedIn, "GET", "/api/admin/leads");
    expect(refused.statusCode).toBe(401);
    const crossSiteCookie = await t.app.inject({
      method: "POST",
      url: "/api/admin/tickets",
      cookies: { "harborline.sid": staff },
      headers: {
        "content-type": "application/json",
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
      },
      payload: JSON.stringify({ ...newTicket, companyId }),
    });
    expect(crossSiteCookie.statusCode).toBe(403);
    expect(crossSiteCookie.json().message).toMatch(/Cross-site requests are not allowed/);
    // A token request never borrows the cookie sent with it: a bad token with a good cookie is 401.
    const both = await t.app.inject({
      method: "GET",
      url: "/api/admin/leads",
      cookies: { "harborline.sid": staff },
      headers: { authorization: "Bearer hla_not-a-token" },
    });
    expect(both.statusCode).toBe(401);
  });

  it("records a token's last use, at most once a minute", async () => {
    const created = await makeToken("Reporter", ["leads:read"]);
    expect((await tokenRow(created.id)).lastUsedAt).toBeNull();
    // A refused call is no use.
    await withToken(created.token, "GET", "/api/admin/clients");
    expect((await tokenRow(created.id)).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await withToken(created.token, "GET", "/api/admin/leads")).statusCode).toBe(200);
    const first = (await tokenRow(created.id)).lastUsedAt!;
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await withToken(created.token, "GET", "/api/admin/leads");
    expect((await tokenRow(created.id)).lastUsedAt).toEqual(first);
    const listed = (await callApi(t, staff, "GET", "/api/admin/api-tokens")).json();
    expect(listed.find((token: { id: string }) => token.id === created.id).lastUsedAt).toBe(
      first.toISOString(),
    );
  });
});

describe.each(databaseKinds)("each API token's rate limit on %s", (kind) => {
  let t: TestApp;

  let maker: Awaited<ReturnType<typeof aStaffMember>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, API_RATE_LIMIT: "5" });
    maker = await aStaffMember(t.database.db, { email: staffEmail });
  });
  afterAll(() => t.close());

  it("refuses one token past its limit while another, from the same address, still passes", async () => {
    // Made directly: the address's own five requests a minute are not this test's.
    const make = async (name: string) =>
      (
        await createApiToken(
          t.database.db,
          { name, scopes: ["leads:read"], expiresInDays: 7 },
          maker,
        )
      ).token;
    const first = await make("First");
    const second = await make("Second");
    const list = (token: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/admin/leads",
        headers: { authorization: `Bearer ${token}` },
      });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await list(first)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await list(first)).json().message).toMatch(/Too many requests/);
    expect((await list(second)).statusCode).toBe(200);
  });
});
