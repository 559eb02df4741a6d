import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { notices, users } from "../../db/schema";
import { notify } from "../../notices/notices";

describe.each(databaseKinds)("the notices API on %s", (kind) => {
  let t: TestApp;
  let client: string;
  let other: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: "staff@agency.example" });
    client = await signInAs(t, "reader@bakery.example");
    other = await signInAs(t, "nosy@elsewhere.example");
    staff = await signInAs(t, "staff@agency.example");
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  /** Three notices for a person, a minute apart, oldest first. */
  async function tell(email: string, titles: string[]) {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    for (const [i, title] of titles.entries()) {
      await t.database.db.transaction((tx) =>
        notify(tx, {
          kind: "ticket-replies",
          key: `test:${email}:${title}`,
          recipients: [user!],
          companyId: null,
          title,
          link: "/dashboard?tab=support",
        }),
      );
      await t.database.db
        .update(notices)
        .set({ createdAt: new Date(Date.now() - (titles.length - i) * 60_000) })
        .where(eq(notices.title, title));
    }
  }

  it("lists the user's own notices, newest first, with the unread count", async () => {
    await tell("reader@bakery.example", ["First", "Second", "Third"]);
    await tell("nosy@elsewhere.example", ["Not yours"]);
    const list = await call(client, "GET", "/api/notices");
    expect(list.statusCode).toBe(200);
    expect(list.json().unread).toBe(3);
    expect(list.json().notices.map((n: { title: string }) => n.title)).toEqual([
      "Third",
      "Second",
      "First",
    ]);
    expect(list.json().notices[0]).toMatchObject({
      kind: "ticket-replies",
      body: null,
      link: "/dashboard?tab=support",
      read: false,
    });
    const count = await call(client, "GET", "/api/notices/unread-count");
    expect(count.json()).toEqual({ unread: 3 });
    // Staff use the same routes, and have none of these.
    expect((await call(staff, "GET", "/api/notices")).json()).toEqual({ notices: [], unread: 0 });
  });

  it("marks one read (twice is harmless), and then all", async () => {
    const [third] = (await call(client, "GET", "/api/notices")).json().notices;
    const read = await call(client, "POST", `/api/notices/${third.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: third.id, title: "Third", read: true });
    expect((await call(client, "POST", `/api/notices/${third.id}/read`)).json().read).toBe(true);
    expect((await call(client, "GET", "/api/notices/unread-count")).json()).toEqual({ unread: 2 });

    const all = await call(client, "POST", "/api/notices/read-all");
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
    const list = (await call(client, "GET", "/api/notices")).json();
    expect(list.notices.every((n: { read: boolean }) => n.read)).toBe(true);
    // Another user's notices are untouched.
    expect((await call(other, "GET", "/api/notices/unread-count")).json()).toEqual({ unread: 1 });
  });

  it("answers 404 for another user's notice and changes nothing; 401 signed out", async () => {
    const [theirs] = (await call(other, "GET", "/api/notices")).json().notices;
    const stolen = await call(client, "POST", `/api/notices/${theirs.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: "Notice not found" });
    expect((await call(other, "GET", "/api/notices/unread-count")).json()).toEqual({ unread: 1 });
    const staffTry = await call(staff, "POST", `/api/notices/${theirs.id}/read`);
    expect(staffTry.statusCode).toBe(404);

    const notAnId = await call(client, "POST", "/api/notices/not-an-id/read");
    // As on every route about one thing: an id that is not one is refused before any query.
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().errors).toEqual({ id: "Not found" });
    for (const [method, url] of [
      ["GET", "/api/notices"],
      ["GET", "/api/notices/unread-count"],
      ["POST", `/api/notices/${theirs.id}/read`],
      ["POST", "/api/notices/read-all"],
    ] as const) {
      expect((await call(undefined, method, url)).statusCode, url).toBe(401);
    }
    expect((await call(other, "GET", "/api/notices/unread-count")).json()).toEqual({ unread: 1 });
  });
});
