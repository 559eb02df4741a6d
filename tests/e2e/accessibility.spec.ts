import { expect, test } from "@playwright/test";
import { wcagViolations } from "./support/axe";
import { publicRoutes } from "../../src/shared/routes";

const pages = [...publicRoutes, "/this-page-does-not-exist"];
const widths = [375, 1280];

for (const width of widths) {
  for (const path of pages) {
    test(`axe finds no WCAG 2.2 AA violation on ${path} at ${width} px`, async ({ page }) => {
      // axe reads every node of the page: on the long home page that took 25 s of a loaded
      // two-core machine, most of the default 30 s.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  }
}
