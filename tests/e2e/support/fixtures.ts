import { test as base, expect, type APIRequestContext } from "@playwright/test";

/** Who the demo sign-in (POST /api/login/demo, outside production) makes you. */
export type DemoUser = "client" | "admin";

interface SignInFixtures {
  /**
   * Signs the test's browser context in as the demo client (Jordan Rivera) or the demo staff
   * member (Avery Harbor): the page and `page.request` share the session cookie from then on.
   */
  signIn: (as: DemoUser) => Promise<void>;
  /**
   * A separate API session signed in as the demo client or staff member, for what a second
   * person does or sees while the page goes on as before. Disposed when the test ends.
   */
  apiSignedInAs: (as: DemoUser) => Promise<APIRequestContext>;
}

async function demoSignIn(request: APIRequestContext, as: DemoUser) {
  const response = await request.post("/api/login/demo", { data: { as } });
  expect(response.status(), `demo sign-in as ${as}`).toBe(200);
}

export const test = base.extend<SignInFixtures>({
  signIn: async ({ page }, use) => {
    await use((as) => demoSignIn(page.request, as));
  },
  apiSignedInAs: async ({ playwright, baseURL }, use) => {
    const sessions: APIRequestContext[] = [];
    await use(async (as) => {
      const api = await playwright.request.newContext({ baseURL });
      sessions.push(api);
      await demoSignIn(api, as);
      return api;
    });
    await Promise.all(sessions.map((api) => api.dispose()));
  },
});

export { expect };
