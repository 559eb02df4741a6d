import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type Method,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember } from "../../../../tests/support/factories";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("the staff guard of the API on %s", (kind) => {
  let t: TestApp;
  let client: string;
  let staffWithoutFactor: string;
  let staffWithFactor: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    const { owner } = await aClient(t.database.db);
    await aStaffMember(t.database.db, { email: staffEmail });
    client = await signInAs(t, owner.email);
    // Signed in by email link, second factor never set up.
    staffWithoutFactor = await signInAs(t, staffEmail, { secondFactor: false });
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  it("refuses every /api/admin route to signed-out (401) and non-staff (403) callers", async () => {
    const adminRoutes = t.app.routeTable.filter(
      (route) => route.url.startsWith("/api/admin") && route.method !== "HEAD",
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
    const sampleId = "00000000-0000-4000-8000-000000000000";
    for (const route of adminRoutes) {
      const url = route.url.replace(":kind", "contact").replace(":id", sampleId);
      const method = route.method as Method;
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anonymous = await call(undefined, method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const nonStaff = await call(client, method, url, body);
      expect(nonStaff.statusCode, `${method} ${url}`).toBe(403);
      expect(nonStaff.json().message).toMatch(/staff only/);
    }
  });

  const adminRoutes = () =>
    t.app.routeTable.filter(
      (route) => route.url.startsWith("/api/admin") && route.method !== "HEAD",
    );
  const sampleId = "00000000-0000-4000-8000-000000000000";
  const request = (route: { method: string; url: string }) => {
    const url = route.url.replace(":kind", "contact").replace(":id", sampleId);
    const method = route.method as Method;
    return { method, url, body: method === "GET" || method === "DELETE" ? undefined : {} };
  };

  it("refuses every /api/admin route to staff without a second factor, saying how to fix it", async () => {
    const me = (await call(staffWithoutFactor, "GET", "/api/auth/user")).json();
    expect(me).toMatchObject({ isAdmin: true, secondFactor: "none", mustEnrol: true });
    for (const route of adminRoutes()) {
      const { method, url, body } = request(route);
      const refused = await call(staffWithoutFactor, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toMatch(/staff must turn on a second factor/);
    }
    // The account page, where they enrol, stays open.
    expect((await call(staffWithoutFactor, "GET", "/api/account")).statusCode).toBe(200);
  });

  it("lets staff who passed their second factor into every /api/admin route", async () => {
    // The same person after enrolling TOTP (and, signing in again, passing it).
    await signInAs(t, staffEmail);
    staffWithFactor = await signInAs(t, staffEmail);
    const me = (await call(staffWithFactor, "GET", "/api/auth/user")).json();
    expect(me).toMatchObject({ isAdmin: true, secondFactor: "passed", mustEnrol: false });
    for (const route of adminRoutes()) {
      const { method, url, body } = request(route);
      const answer = await call(staffWithFactor, method, url, body);
      expect([401, 403], `${method} ${url}: ${answer.body}`).not.toContain(answer.statusCode);
    }
    // The session from before enrolling has not passed the factor: it must now.
    const before = (await call(staffWithoutFactor, "GET", "/api/auth/user")).json();
    expect(before.secondFactor).toBe("required");
    expect((await call(staffWithoutFactor, "GET", "/api/admin/leads")).statusCode).toBe(401);
  });

  it("lets the demo staff sign-in (outside production) count as having passed it", async () => {
    const demo = await t.app.inject({
      method: "POST",
      url: "/api/login/demo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ as: "admin" }),
    });
    expect(demo.json()).toMatchObject({ secondFactor: "passed", mustEnrol: false });
    const cookie = demo.cookies.find((c) => c.name === "harborline.sid")!.value;
    expect((await call(cookie, "GET", "/api/admin/leads")).statusCode).toBe(200);
  });
});
