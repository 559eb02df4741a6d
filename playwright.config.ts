import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./tests/support/chromium";

const port = Number(process.env.E2E_PORT ?? 5099);
// One fresh data folder per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "harborline-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? "list" : [["list"]],
  timeout: 30_000,
  // Two workers and their browsers share two cores: a page that answers in a second when the
  // machine is quiet took over 5 s (the default) while both ran.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // As `npm start`: the build (nothing to do when `npm test` has just built), then the bundle.
    command: "node --import tsx scripts/build.ts && node dist/server/main.js",
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // A build from scratch takes most of this on a busy two-core machine.
    timeout: 240_000,
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // The journeys post many forms from one address.
      FORM_RATE_LIMIT: "1000",
      API_RATE_LIMIT: "100000",
    },
  },
});
