import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { queryRows } from "../db/client";
import { companyMembers, passkeys, users } from "../db/schema";
import { SESSION_LIFETIME_MS } from "../auth/sessions";

describe.each(databaseKinds)("a session's rolling expiry on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const sessionIds = async () =>
    (await queryRows<{ sid: string }>(t.database.db, sql`select sid from sessions`)).map(
      (row) => row.sid,
    );
  /** Moves every session's expiry to an hour from now, as if signed in six days ago. */
  const ageSessions = () =>
    t.database.db.execute(sql`update sessions set expire = now() + interval '1 hour'`);
  const hoursLeft = async (sid: string) => {
    const [row] = await queryRows<{ expire: string | Date }>(
      t.database.db,
      sql`select expire from sessions where sid = ${sid}`,
    );
    return (new Date(row!.expire).getTime() - Date.now()) / 3_600_000;
  };

  it("moves a week ahead on use, and writes an unchanged session at most once a minute", async () => {
    const before = new Set(await sessionIds());
    const cookie = await signInAs(t, "rolling@harborcoffee.example");
    const sid = (await sessionIds()).find((id) => !before.has(id))!;

    await ageSessions();
    expect(await hoursLeft(sid)).toBeLessThan(1.01);
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(200);
    // The first read moved the expiry a week ahead.
    expect(await hoursLeft(sid)).toBeGreaterThan(SESSION_LIFETIME_MS / 3_600_000 - 0.1);

    await ageSessions();
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(200);
    // A read within the minute wrote nothing: the session is still as aged.
    expect(await hoursLeft(sid)).toBeLessThan(1.01);
    // Still signed in, and a change to the session is written at once.
    expect((await callApi(t, cookie, "GET", "/api/auth/user")).statusCode).toBe(200);
    expect((await callApi(t, cookie, "POST", "/api/logout")).statusCode).toBeLessThan(400);
    expect(await sessionIds()).not.toContain(sid);
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(401);
  });

  it("reads who is signed in with the session on every request, never from an earlier one", async () => {
    const email = "principal@harborcoffee.example";
    const cookie = await signInAs(t, email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const userId = user!.id;
    expect((await callApi(t, cookie, "GET", "/api/billing")).statusCode).toBe(200);

    // A role changed by someone else counts from the next request: members see no billing.
    await t.database.db
      .update(companyMembers)
      .set({ role: "member" })
      .where(eq(companyMembers.userId, userId));
    expect((await callApi(t, cookie, "GET", "/api/billing")).statusCode).toBe(404);
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(200);

    // A passkey added elsewhere: this session has not passed it, so only the factor step is open.
    await t.database.db.insert(passkeys).values({
      userId,
      credentialId: "principal-test-credential",
      publicKey: "not-a-real-key",
      name: "Test key",
      deviceType: "singleDevice",
    });
    const me = await callApi(t, cookie, "GET", "/api/auth/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, secondFactor: "required" });
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(401);

    // A session past its expiry, or whose user is gone, is no session.
    await t.database.db.delete(passkeys).where(eq(passkeys.userId, userId));
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sessions set expire = now() - interval '1 second' where sess->>'userId' = ${userId}`,
    );
    expect((await callApi(t, cookie, "GET", "/api/websites")).statusCode).toBe(401);
    const again = await signInAs(t, email);
    expect((await callApi(t, again, "GET", "/api/websites")).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, userId));
    expect((await callApi(t, again, "GET", "/api/websites")).statusCode).toBe(401);
    expect((await callApi(t, again, "GET", "/api/auth/user")).statusCode).toBe(401);
  });
});
