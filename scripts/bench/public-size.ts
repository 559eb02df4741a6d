/**
 * The public pages' JavaScript as a visitor's browser fetches it: each page opened cold (a fresh
 * browser context, signed out, on a phone's screen) on the built server, and every script
 * requested from the navigation until 3 s after the load event counted (prefetches included)
 * by the bytes Chromium received, compressed as the server sent them (brotli). Budgets: 40 KB on a
 * content page, 80 KB on a form page (whose form code waits for the visitor).
 */
import type { Request } from "@playwright/test";
import { publicRoutes, staticContentRoutes, type PublicRoute } from "../../src/shared/routes";
import type { BuiltSite } from "./portal-size";

const KB = 1024;
/** How long after the load event the count goes on. */
const AFTER_LOAD_MS = 3000;
export const CONTENT_PAGE_BUDGET = 40 * KB;
export const FORM_PAGE_BUDGET = 80 * KB;

export interface PublicRow {
  route: PublicRoute;
  files: number;
  js: number;
  budget: number;
}

const isScript = (request: Request) =>
  request.resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);

export async function measurePublicPages({ url, browser }: BuiltSite): Promise<PublicRow[]> {
  const rows: PublicRow[] = [];
  for (const route of publicRoutes) {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const scripts: Request[] = [];
      let counting = true;
      page.on("request", (request) => {
        if (counting && isScript(request)) scripts.push(request);
      });
      await page.goto(route, { waitUntil: "load" });
      await page.waitForTimeout(AFTER_LOAD_MS);
      counting = false;
      // Each request started in the window counts in full, finished or not by now.
      const sizes = await Promise.all(
        scripts.map(async (request) => {
          await request.response();
          return (await request.sizes()).responseBodySize;
        }),
      );
      if (process.env.BENCH_SIZE_FILES) {
        console.log(`${route}:`);
        scripts.forEach((request, i) =>
          console.log(
            `  ${(sizes[i]! / KB).toFixed(1).padStart(6)} KB  ${new URL(request.url()).pathname}`,
          ),
        );
      }
      rows.push({
        route,
        files: new Set(scripts.map((request) => request.url())).size,
        js: sizes.reduce((sum, size) => sum + size, 0),
        budget: staticContentRoutes.includes(route) ? CONTENT_PAGE_BUDGET : FORM_PAGE_BUDGET,
      });
    } finally {
      await context.close();
    }
  }
  return rows;
}
