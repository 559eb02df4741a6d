import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect } from "./fixtures";

/*
 * The analytics journeys' client site: staff register it for the demo client (Rivera Bakery),
 * with a local server as its check URL, through the API; each journey removes it afterwards.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

/** Runs `work` as the demo's staff member, through the API. */
async function asStaff<T>(
  playwright: Playwright,
  baseURL: string,
  work: (staff: Awaited<ReturnType<Playwright["request"]["newContext"]>>) => Promise<T>,
): Promise<T> {
  const staff = await playwright.request.newContext({ baseURL });
  try {
    expect((await staff.post("/api/login/demo", { data: { as: "admin" } })).status()).toBe(200);
    return await work(staff);
  } finally {
    await staff.dispose();
  }
}

/**
 * Registers a website for the demo client; `settings` adds to the website's fields (automatic
 * goals, say). With `vitals`, staff also turn real-user speed on. Answers its id and site key.
 */
export function registerDemoSite(
  playwright: Playwright,
  baseURL: string,
  site: { domain: string; checkUrl: string; vitals?: boolean; settings?: Record<string, unknown> },
): Promise<{ id: string; siteKey: string }> {
  return asStaff(playwright, baseURL, async (staff) => {
    const clients = (await (await staff.get("/api/admin/clients")).json()) as {
      id: string;
      name: string;
    }[];
    const demo = clients.find((client) => client.name === "Rivera Bakery")!;
    const created = await staff.post(`/api/admin/clients/${demo.id}/websites`, {
      data: {
        domain: site.domain,
        plan: "Business",
        status: "active",
        checkUrl: site.checkUrl,
        ...site.settings,
      },
    });
    expect(created.ok()).toBe(true);
    const detail = (await created.json()) as {
      websites: { id: string; domain: string; siteKey: string }[];
    };
    const website = detail.websites.find((w) => w.domain === site.domain)!;
    if (site.vitals) {
      const on = await staff.put(`/api/admin/websites/${website.id}/vitals`, {
        data: { enabled: true },
      });
      expect(on.status()).toBe(200);
    }
    return { id: website.id, siteKey: website.siteKey };
  });
}

/** Removes a website registerDemoSite made (none when it failed before making one). */
export function removeDemoSite(playwright: Playwright, baseURL: string, websiteId: string) {
  if (!websiteId) return Promise.resolve();
  return asStaff(playwright, baseURL, async (staff) => {
    await staff.delete(`/api/admin/websites/${websiteId}`);
  });
}
