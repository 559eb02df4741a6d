import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { queryRows } from "../db/client";
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
});
