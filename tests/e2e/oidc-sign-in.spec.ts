import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { oidcClient, startOidcProvider } from "../support/oidc-provider";
import { freePort, startServer, waitForReady } from "../support/server-process";

const databases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

for (const database of databases) {
  test(`signs in and out through an OpenID Connect provider, invited people only (${database})`, async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const provider = await startOidcProvider(appUrl);
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-oidc-"));
    const databaseUrl = database === "postgres" ? await createPostgresDatabase() : undefined;
    const server = startServer(
      port,
      {
        DATA_DIR: dataDir,
        PUBLIC_URL: appUrl,
        LOG_LEVEL: "warn",
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: oidcClient.id,
        OIDC_CLIENT_SECRET: oidcClient.secret,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      "build",
    );
    try {
      await waitForReady(server);
      // Someone the agency never invited is turned away with a clear page, and no account.
      await page.goto(`${appUrl}/api/login`);
      await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
      await page.locator('input[name="login"]').fill("morgan");
      await page.locator('input[name="password"]').fill("any password");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(`${appUrl}/login?error=not-invited`);
      await expect(page.getByText("This address has no client account")).toBeVisible();
      expect((await page.request.get(`${appUrl}/api/auth/user`)).status()).toBe(401);

      // Staff invite them (by the verified email the provider vouches for)...
      const staff = await playwright.request.newContext({ baseURL: appUrl });
      const staffSignIn = await staff.post("/api/login/demo", { data: { as: "admin" } });
      expect(staffSignIn.status()).toBe(200);
      const invited = await staff.post("/api/admin/clients", {
        data: { email: "morgan@example.com" },
      });
      expect(invited.status()).toBe(201);
      await staff.dispose();

      // ...and now the same person gets in (the provider remembers them: no second password).
      await page.goto(`${appUrl}/api/login`);
      await expect(page).toHaveURL(`${appUrl}/dashboard`);

      const me = await page.request.get(`${appUrl}/api/auth/user`);
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({
        email: "morgan@example.com",
        firstName: "Morgan",
        lastName: "Tester",
        isAdmin: false,
      });
      const cookie = (await page.context().cookies()).find((c) => c.name === "harborline.sid");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

      // A tampered callback lands on a clear page, never an error 500.
      const tampered = await page.request.get(`${appUrl}/api/callback?code=forged&state=forged`, {
        maxRedirects: 0,
      });
      expect(tampered.status()).toBe(302);
      expect(tampered.headers().location).toMatch(/^\/login\?error=/);

      // The sign-out page's form post ends the session here, then at the provider.
      await page.goto(`${appUrl}/logout`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
      const after = await page.request.get(`${appUrl}/api/auth/user`, {
        headers: { cookie: `harborline.sid=${cookie?.value}` },
      });
      expect(after.status()).toBe(401);
    } finally {
      await server.stop();
      await provider.stop();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
