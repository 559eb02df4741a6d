import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { wcagViolations } from "./support/axe";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";

/*
 * Passkeys and the second factor, on a server of their own: WebAuthn refuses an IP address as
 * its relying party, so this server's PUBLIC_URL is http://localhost:<port>. Email links are read
 * from the outbox folder (no SMTP is set). The journeys share the server, so they run in order.
 */
test.describe.configure({ mode: "serial" });

let server: OwnServer;
let appUrl: string;
const seenEmails = new Set<string>();

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  server = await startOwnServer("factors", {
    host: "localhost",
    env: {
      ADMIN_EMAILS: "admin@example.com",
      // Each browser context below says it comes from an address of its own, so the per-address
      // limit on sign-in links counts each person apart.
      TRUST_PROXY: "true",
    },
  });
  appUrl = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await server?.close();
});

/** The code an authenticator app shows for this secret (or the next one, 30 s on). */
function totpCode(secret: string, offsetMs = 0) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

/** The newest sign-in link emailed to this address that no earlier step has used. */
async function emailedLink(to: string): Promise<string> {
  const outbox = path.join(server.dataDir, "outbox");
  for (let tries = 0; tries < 100; tries++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      // Not written yet.
    }
    for (const file of files) {
      if (seenEmails.has(file)) continue;
      const text = readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!new RegExp(`^To: ${to}`, "m").test(text)) continue;
      const link = text.match(/https?:\/\/\S+\/api\/login\/email\?token=[\w-]+/);
      if (link) {
        seenEmails.add(file);
        return link[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in link for ${to}`);
}

/** Asks for a link on /login, as a person does, and opens it in the same browser. */
async function signInByEmail(page: Page, email: string, returnTo?: string) {
  await page.goto(`${appUrl}/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(await emailedLink(email));
}

let contexts = 0;

/** A new browser (cookies of its own) from an address of its own. */
async function freshPage(browser: Browser) {
  contexts += 1;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "x-forwarded-for": `10.20.0.${contexts}` },
  });
  return context.newPage();
}

test("staff enrol TOTP before the back office opens; then a code, or a recovery code once, is asked after the link", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Staff with no second factor: the back office shows only the enrolment.
  const page = await freshPage(browser);
  await signInByEmail(page, "admin@example.com");
  await expect(page).toHaveURL(`${appUrl}/admin`);
  await expect(page.getByRole("heading", { name: "Turn on a second factor" })).toBeVisible();
  const leads = await page.request.get(`${appUrl}/api/admin/leads`);
  expect(leads.status()).toBe(403);

  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await page.getByLabel("6-digit code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeFocused();
  await expect(
    page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  const codes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  // One column: every code starts at the same left edge, one under the other.
  const boxes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
  expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
  expect(boxes.every((box, i) => i === 0 || box.top > boxes[i - 1]!.top)).toBe(true);
  // Copied and downloaded as text, one code a line.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl });
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split("\n")).toEqual(expect.arrayContaining(codes));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("harborline-recovery-codes.txt");
  const file = readFileSync((await download.path())!, "utf8");
  expect(file).toBe(copied);
  expect(file.split("\n").filter((line) => codes.includes(line))).toEqual(codes);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `recovery codes at ${width} px`).toEqual([]);
  }
  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await page.context().close();

  // Next time, the link leads to the second-factor step, keeping where they were going.
  const again = await freshPage(browser);
  await signInByEmail(again, "admin@example.com", "/admin/tickets");
  await expect(again).toHaveURL(`${appUrl}/login/verify?returnTo=%2Fadmin%2Ftickets`);
  await expect(again.getByRole("heading", { name: "Verify it's you" })).toBeVisible();
  expect(await wcagViolations(again), "/login/verify").toEqual([]);
  // Not signed in for anything else meanwhile.
  expect((await again.request.get(`${appUrl}/api/admin/leads`)).status()).toBe(401);
  await again.getByLabel("Code from your authenticator app").fill(totpCode(secret, 30_000));
  await again.getByRole("button", { name: "Verify" }).click();
  await expect(again).toHaveURL(`${appUrl}/admin/tickets`);
  await again.context().close();

  // A recovery code works once.
  const recovery = await freshPage(browser);
  await signInByEmail(recovery, "admin@example.com");
  await recovery.getByRole("button", { name: "Use a recovery code instead" }).click();
  await recovery.getByLabel("Recovery code").fill(codes[0]!);
  await recovery.getByRole("button", { name: "Verify" }).click();
  await expect(recovery).toHaveURL(`${appUrl}/admin`);
  await expect(recovery.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await recovery.context().close();

  const reused = await freshPage(browser);
  // A client may turn on the same protection for themselves.
  await reused.request.post(`${appUrl}/api/login/demo`, { data: { as: "client" } });
  await reused.goto(`${appUrl}/account`);
  await reused.getByRole("button", { name: "Set up an authenticator app" }).click();
  const clientSecret = (await reused.getByTestId("totp-secret").textContent())!.trim();
  await reused.getByLabel("6-digit code").fill(totpCode(clientSecret));
  await reused.getByRole("button", { name: "Turn on" }).click();
  await expect(
    reused.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  const clientCodes = await reused
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  await reused.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(reused.getByText("10 of 10 recovery codes left")).toBeVisible();
  await reused.context().close();

  const first = await freshPage(browser);
  await signInByEmail(first, "demo@example.com");
  await first.getByRole("button", { name: "Use a recovery code instead" }).click();
  await first.getByLabel("Recovery code").fill(clientCodes[3]!);
  await first.getByRole("button", { name: "Verify" }).click();
  await expect(first).toHaveURL(`${appUrl}/dashboard`);
  await first.context().close();

  const second = await freshPage(browser);
  await signInByEmail(second, "demo@example.com");
  await second.getByRole("button", { name: "Use a recovery code instead" }).click();
  await second.getByLabel("Recovery code").fill(clientCodes[3]!);
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(second.getByRole("alert")).toContainText("That code is not right");
  await expect(second).toHaveURL(/\/login\/verify/);
  await second.context().close();
});

test("adds a passkey on the account page, signs in with it, and removes it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await freshPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.request.post(`${appUrl}/api/login/demo`, { data: { as: "client" } });
  await page.goto(`${appUrl}/account`);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Sessions" })).toBeVisible();
  expect(await wcagViolations(page), "/account").toEqual([]);
  await page.getByLabel("Name for a new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey added." })).toBeVisible();
  const passkeys = page.getByRole("list", { name: "Your passkeys" });
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);
  await expect(passkeys).toContainText("Work laptop");
  await expect(
    page.getByRole("list", { name: "Security events" }).getByText("Passkey added"),
  ).toBeVisible();

  // Signed out, the passkey alone signs in (it verified the user: both factors).
  await page.request.post(`${appUrl}/api/logout`);
  await page.goto(`${appUrl}/login`);
  // Chromium's virtual authenticator answers the email field's passkey autofill (conditional
  // mediation) at once, as a person picking the suggestion would; else the button does it.
  await page
    .getByRole("button", { name: "Sign in with a passkey" })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(`${appUrl}/dashboard`);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  const me = await (await page.request.get(`${appUrl}/api/auth/user`)).json();
  expect(me).toMatchObject({ email: "demo@example.com", secondFactor: "passed" });

  // The passkey also passes the second factor after an email link.
  await page.request.post(`${appUrl}/api/logout`);
  // (Asked for without opening /login, whose autofill would sign in with the passkey again.)
  const asked = await page.request.post(`${appUrl}/api/login/email`, {
    data: { email: "demo@example.com", returnTo: "/account" },
  });
  expect(asked.status()).toBe(202);
  await page.goto(await emailedLink("demo@example.com"));
  await expect(page).toHaveURL(`${appUrl}/login/verify?returnTo=%2Faccount`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(`${appUrl}/account`);

  // Rename, then remove it.
  await page.getByRole("button", { name: "Rename Work laptop" }).click();
  await page.getByLabel("Passkey name").fill("Office laptop");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(passkeys).toContainText("Office laptop");
  await page.getByRole("button", { name: "Remove Office laptop" }).click();
  await page.getByRole("button", { name: "Remove passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey removed." })).toBeVisible();
  await expect(passkeys).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Security events" }).getByText("Passkey removed"),
  ).toBeVisible();
  await page.context().close();
});
