import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";

const staffEmail = "avery@harborline.example";
const DAY_MS = 86_400_000;
const day = (offset = 0) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe.each(databaseKinds)("bandwidth reports with usage tokens on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let siteA: string;
  let siteB: string;
  let tokenA: string;
  let tokenB: string;

  const report = (token: string | undefined, body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/usage",
      headers: {
        "content-type": "application/json",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      payload: JSON.stringify(body),
    });
  const usageRows = () =>
    t.database.db.select().from(schema.bandwidthUsage).orderBy(schema.bandwidthUsage.day);
  const rowsOf = async (websiteId: string) =>
    (await usageRows()).filter((row) => row.websiteId === websiteId);
  const makeToken = async (websiteId: string, name = "web-1 nginx") => {
    const response = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/websites/${websiteId}/usage-tokens`,
      { name },
    );
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; token: string; name: string };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    // Site A is the signed-in client's; site B belongs to another client.
    const { company, owner } = await aClient(db);
    siteA = (await aWebsite(db, company.id, { domain: "riverabakery.example" })).id;
    const other = await aClient(db);
    siteB = (await aWebsite(db, other.company.id, { domain: "tidepool.example" })).id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
    tokenA = (await makeToken(siteA)).token;
    tokenB = (await makeToken(siteB, "tidepool host")).token;
  });
  afterAll(() => t.close());

  it("shows a new token once, and stores only its SHA-256", async () => {
    const created = await makeToken(siteA, "backup host");
    expect(created.token).toMatch(/^hlu_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "backup host", websiteId: siteA, revokedAt: null });
    const [row] = await t.database.db
      .select()
      .from(schema.usageTokens)
      .where(eq(schema.usageTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    const everything = JSON.stringify(await t.database.db.select().from(schema.usageTokens));
    expect(everything).not.toContain(created.token);
    expect(JSON.stringify(await t.database.db.select().from(schema.auditEvents))).not.toContain(
      created.token,
    );
    const list = await callApi(t, staff, "GET", `/api/admin/websites/${siteA}/usage-tokens`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row!.tokenHash);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: created.id, name: "backup host", lastUsedAt: null }),
      ]),
    );
    const [audit] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.targetId, created.id));
    expect(audit).toMatchObject({ action: "usage-token.created", actorEmail: staffEmail });
  });

  it("refuses a missing or wrong token with 401 and a Bearer challenge, storing nothing", async () => {
    const before = await usageRows();
    for (const token of [undefined, "", "hlu_wrong", tokenA.slice(0, -1) + "x", "Basic abc"]) {
      const response = await report(token, { date: day(-1), bytes: 10 });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.json().message).toMatch(/token/i);
    }
    const noScheme = await t.app.inject({
      method: "POST",
      url: "/api/usage",
      headers: { "content-type": "application/json", authorization: tokenA },
      payload: JSON.stringify({ date: day(-1), bytes: 10 }),
    });
    expect(noScheme.statusCode).toBe(401);
    expect(await usageRows()).toEqual(before);
  });

  it("stores a report, and a second one for the day replaces the first", async () => {
    const first = await report(tokenA, { date: day(-2), bytes: 1_000 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ websiteId: siteA, date: day(-2), bytes: 1_000 });
    const second = await report(tokenA, { date: day(-2), bytes: 2_500 });
    expect(second.json()).toEqual({ websiteId: siteA, date: day(-2), bytes: 2_500 });
    const rows = (await rowsOf(siteA)).filter((row) => row.day === day(-2));
    expect(rows).toEqual([expect.objectContaining({ day: day(-2), bytes: 2_500 })]);
  });

  it("changes nothing when a report is replayed", async () => {
    await report(tokenA, { date: day(-3), bytes: 4_242 });
    const before = await usageRows();
    const again = await report(tokenA, { date: day(-3), bytes: 4_242 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ websiteId: siteA, date: day(-3), bytes: 4_242 });
    expect(await usageRows()).toEqual(before);
  });

  it("writes only its own site's rows, whatever the body names", async () => {
    const bBefore = await rowsOf(siteB);
    const response = await report(tokenA, {
      date: day(-4),
      bytes: 777,
      websiteId: siteB,
      website_id: siteB,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().websiteId).toBe(siteA);
    expect(await rowsOf(siteB)).toEqual(bBefore);
    expect((await rowsOf(siteA)).find((row) => row.day === day(-4))?.bytes).toBe(777);
    // And B's token writes B's rows only.
    await report(tokenB, { date: day(-4), bytes: 9 });
    expect((await rowsOf(siteA)).find((row) => row.day === day(-4))?.bytes).toBe(777);
    expect((await rowsOf(siteB)).map((row) => row.bytes)).toEqual([9]);
  });

  it("notes when a token was last used", async () => {
    const list = await callApi(t, staff, "GET", `/api/admin/websites/${siteA}/usage-tokens`);
    const used = list.json().find((token: { name: string }) => token.name === "web-1 nginx");
    expect(Date.now() - Date.parse(used.lastUsedAt)).toBeLessThan(60_000);
  });

  it("refuses bad dates and byte counts with 400 naming the field, storing nothing", async () => {
    const before = await usageRows();
    const cases: [unknown, string, RegExp][] = [
      [{ date: "2026-02-30", bytes: 1 }, "date", /date such as/],
      [{ date: "yesterday", bytes: 1 }, "date", /date such as/],
      [{ date: day(2), bytes: 1 }, "date", /future/],
      [{ date: day(-401), bytes: 1 }, "date", /last 400 days/],
      [{ bytes: 1 }, "date", /date/],
      [{ date: day(-1), bytes: -1 }, "bytes", /whole number from 0/],
      [{ date: day(-1), bytes: 1.5 }, "bytes", /whole number/],
      [{ date: day(-1), bytes: "100" }, "bytes", /whole number/],
      [{ date: day(-1), bytes: 2 ** 53 }, "bytes", /whole number/],
      [{ date: day(-1) }, "bytes", /whole number/],
    ];
    for (const [body, field, message] of cases) {
      const response = await report(tokenA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(body)).toMatch(message);
    }
    expect(await usageRows()).toEqual(before);
    // Tomorrow is allowed (a host ahead of UTC), and the largest exact integer is stored exactly.
    expect((await report(tokenA, { date: day(1), bytes: 2 ** 53 - 1 })).statusCode).toBe(200);
    expect((await rowsOf(siteA)).find((row) => row.day === day(1))?.bytes).toBe(2 ** 53 - 1);
    await t.database.db.delete(schema.bandwidthUsage).where(eq(schema.bandwidthUsage.day, day(1)));
  });

  it("refuses a revoked token, and keeps it listed as revoked", async () => {
    const token = await makeToken(siteA, "old host");
    expect((await report(token.token, { date: day(-1), bytes: 5 })).statusCode).toBe(200);
    const revoked = await callApi(t, staff, "POST", `/api/admin/usage-tokens/${token.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    const before = await usageRows();
    const refused = await report(token.token, { date: day(-1), bytes: 6 });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revoked/);
    expect(await usageRows()).toEqual(before);
    const list = (
      await callApi(t, staff, "GET", `/api/admin/websites/${siteA}/usage-tokens`)
    ).json();
    expect(list.find((row: { id: string }) => row.id === token.id).revokedAt).toBe(
      revoked.json().revokedAt,
    );
    const [audit] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, "usage-token.revoked"));
    expect(audit).toMatchObject({ targetId: token.id, actorEmail: staffEmail });
    expect(JSON.stringify(audit)).not.toContain(token.token);
  });

  it("lets only staff manage tokens", async () => {
    const tokensBefore = (await t.database.db.select({ n: count() }).from(schema.usageTokens))[0]!
      .n;
    for (const [cookie, status] of [
      [undefined, 401],
      [client, 403],
    ] as const) {
      expect(
        (await callApi(t, cookie, "GET", `/api/admin/websites/${siteA}/usage-tokens`)).statusCode,
      ).toBe(status);
      expect(
        (
          await callApi(t, cookie, "POST", `/api/admin/websites/${siteA}/usage-tokens`, {
            name: "x",
          })
        ).statusCode,
      ).toBe(status);
      const [row] = await t.database.db.select().from(schema.usageTokens);
      expect(
        (await callApi(t, cookie, "POST", `/api/admin/usage-tokens/${row!.id}/revoke`)).statusCode,
      ).toBe(status);
    }
    expect((await t.database.db.select({ n: count() }).from(schema.usageTokens))[0]!.n).toBe(
      tokensBefore,
    );
    expect(
      (await t.database.db.select().from(schema.usageTokens)).filter((row) => row.revokedAt).length,
    ).toBe(1);
    // Staff: a website or a token that is not there is 404; a name is required.
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await callApi(t, staff, "GET", `/api/admin/websites/${missing}/usage-tokens`)).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t, staff, "POST", `/api/admin/usage-tokens/${missing}/revoke`)).statusCode,
    ).toBe(404);
    const unnamed = await callApi(t, staff, "POST", `/api/admin/websites/${siteA}/usage-tokens`, {
      name: " ",
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors.name).toMatch(/Name the token/);
  });

  it("shows the client this month's bytes as the website's Bandwidth Used", async () => {
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const sum = (await rowsOf(siteA))
      .filter((row) => row.day.startsWith(month))
      .reduce((total, row) => total + row.bytes, 0);
    // A day of last month does not count.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
      .toISOString()
      .slice(0, 10);
    await report(tokenA, { date: lastMonth, bytes: 123_456_789 });
    await report(tokenA, { date: day(0), bytes: 3_000_000_000 });
    const sites = (await callApi(t, client, "GET", "/api/websites")).json();
    expect(sites.find((site: { id: string }) => site.id === siteA).bandwidthBytes).toBe(
      sum + 3_000_000_000,
    );
  });

  it("answers a second revoke with the token as it was, and audits the revocation once", async () => {
    const token = await makeToken(siteA, "twice revoked");
    const revokeUrl = `/api/admin/usage-tokens/${token.id}/revoke`;
    const first = await callApi(t, staff, "POST", revokeUrl);
    expect(first.statusCode).toBe(200);
    const again = await callApi(t, staff, "POST", revokeUrl);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const audits = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.targetId, token.id));
    expect(audits.map((row) => row.action).sort()).toEqual([
      "usage-token.created",
      "usage-token.revoked",
    ]);
  });
});
