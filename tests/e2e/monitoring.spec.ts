import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * The back office's monitoring view, and the usage tokens a host reports a website's bandwidth
 * with. Each token test makes its own client and website, so tests run in parallel.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const shots = process.env.E2E_SCREENSHOTS;

async function expectNoViolations(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal scroll: ${what}`).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("staff see every live site, the incidents and what expires soon", async ({
      page,
      signIn,
    }) => {
      test.setTimeout(90_000);
      await signIn("admin");
      await page.goto("/admin");
      // Below 1024 px the back office's sections sit behind its menu button.
      if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", {
          name: "Monitoring",
        })
        .click();
      await expect(page).toHaveURL(/\/admin\/monitoring$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Monitoring");
      const sites = page.getByRole("table", { name: /Live websites/ });
      await expect(sites).toContainText("riverabakery.example");
      await expect(sites).toContainText("Rivera Bakery");
      await expect(page.getByRole("heading", { name: /^Open incidents/ })).toBeVisible();
      // The seed's catering domain expires in 21 days and does not renew by itself.
      const expiring = page.getByRole("table", { name: /expiring soon/ });
      await expect(expiring).toContainText("riverabakery-catering.example");
      await expect(expiring).toContainText("No auto-renew");
      await expectNoViolations(page, `monitoring at ${width}`);
      if (shots)
        await page.screenshot({ path: `${shots}/monitoring-${width}.png`, fullPage: true });
    });

    test("staff create a usage token, the host reports with it, and staff revoke it", async ({
      page,
      signIn,
    }) => {
      // A build, axe three times and two dialogs: slow on a busy machine.
      test.setTimeout(90_000);
      await signIn("admin");
      const invited = await page.request.post("/api/admin/clients", {
        data: { email: `tokens.${unique()}@harbor.example`, companyName: `Tokens ${unique()}` },
      });
      expect(invited.status()).toBe(201);
      const { id } = (await invited.json()) as { id: string };
      const domain = `tokens-${unique()}.example`;
      const added = await page.request.post(`/api/admin/clients/${id}/websites`, {
        data: { domain, plan: "Starter Hosting", status: "active" },
      });
      expect(added.status()).toBe(200);
      await page.goto(`/admin/clients/${id}`);

      await page.getByRole("button", { name: `Usage tokens of ${domain}` }).click();
      const dialog = page.getByRole("dialog", { name: `Usage tokens · ${domain}` });
      await expect(dialog).toContainText("No tokens yet");
      await dialog.getByRole("button", { name: "Create token" }).click();
      await expect(dialog).toContainText("Name the token");
      await dialog.getByLabel("New token's name").fill("web-1 nginx");
      await dialog.getByRole("button", { name: "Create token" }).click();
      const secret = dialog.getByLabel("The new usage token");
      await expect(secret).toHaveValue(/^hlu_[A-Za-z0-9_-]{43}$/);
      const token = await secret.inputValue();
      await expect(dialog.locator("pre")).toContainText(`Authorization: Bearer ${token}`);
      await expect(dialog).toContainText("shown only this once");
      await expectNoViolations(page, `new token at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/usage-token-new-${width}.png` });

      // The host reports a day with it.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const report = (value: string) =>
        page.request.post("/api/usage", {
          headers: { authorization: `Bearer ${value}` },
          data: { date: yesterday, bytes: 5_000_000 },
        });
      const reported = await report(token);
      expect(reported.status()).toBe(200);
      expect(await reported.json()).toMatchObject({ date: yesterday, bytes: 5_000_000 });

      await dialog.getByRole("button", { name: "I have copied it" }).click();
      await expect(secret).toHaveCount(0);
      const list = dialog.getByRole("list", { name: `Usage tokens of ${domain}` });
      await expect(list).toContainText("web-1 nginx");
      await expect(list).toContainText("Active");
      if (shots) await page.screenshot({ path: `${shots}/usage-tokens-list-${width}.png` });

      await list.getByRole("button", { name: "Revoke web-1 nginx" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Revoke web-1 nginx?" });
      await confirm.getByRole("button", { name: "Revoke token" }).click();
      await expect(list).toContainText("Revoked");
      await expect(list.getByRole("button", { name: "Revoke web-1 nginx" })).toHaveCount(0);
      await expectNoViolations(page, `revoked token at ${width}`);

      const refused = await report(token);
      expect(refused.status()).toBe(401);
      expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer/);
    });
  });
}
