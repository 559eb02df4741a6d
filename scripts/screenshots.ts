/**
 * `npm run screenshots`: a full-page PNG of every public page at 375 px and 1280 px, written to
 * screenshots/ (gitignored), from the built site served by the real server on a fresh database.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { publicRoutes } from "../src/shared/routes";
import { chromiumArgs, findChromium } from "../tests/support/chromium";
import { freePort, startServer, waitForReady } from "../tests/support/server-process";

const widths = [375, 1280];
const pages = [...publicRoutes, "/not-found-example"];
const outDir = path.resolve("screenshots");

const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-screenshots-"));
const server = startServer(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: "warn" }, "build");
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  await waitForReady(server);
  mkdirSync(outDir, { recursive: true });
  for (const width of widths) {
    // Reduced motion: the captures show pages settled, not halfway through an entrance.
    const page = await browser.newPage({
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
    });
    for (const route of pages) {
      await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
      // Scrolled through as a visitor would, so what draws as it nears the screen (the QR card)
      // is drawn in the capture.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      if (route === "/contact") await page.getByRole("img", { name: /^QR code/ }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = route === "/" ? "home" : route.slice(1);
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
