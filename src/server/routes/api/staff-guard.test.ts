import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type Method,
  type TestApp,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { demoAdminEmail, demoClientEmail, seedDemoData } from "../../db/seed";

type CallArgs = Parameters<typeof callApi> extends [TestApp, ...infer Rest] ? Rest : never;

describe.each(databaseKinds)("the staff guard of the API on %s", (kind) => {
  let t: TestApp;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: demoAdminEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    await seedDemoData(t.database.db);
    client = await signInAs(t, demoClientEmail);
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
});
