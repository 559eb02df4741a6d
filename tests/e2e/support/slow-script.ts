import type { Page } from "@playwright/test";

/**
 * Holds back the built script whose name starts with `chunk` ("hydrate": the layout and the
 * module that starts React; "contact": the contact page's own code) for `ms`, as a slow phone
 * connection would.
 */
export async function delayScript(page: Page, chunk: string, ms: number) {
  await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
