import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * The /login page. Only the first test here asks for email links: the server allows five every
 * 15 minutes from one IP address, and every test runs from the same one.
 */

test("any email gets the same answer; an invalid one is refused; too many are rate limited", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
  const email = page.getByLabel("Email address");
  const send = page.getByRole("button", { name: "Email me a sign-in link" });

  await email.fill("not an address");
  await send.click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  // An address with an account...
  await email.fill("demo@example.com");
  await send.click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
  const answer = page.getByRole("status").filter({ hasText: "Check your email:" });
  await expect(answer).toContainText("if the address can sign in, a link is on its way");
  const first = await answer.textContent();

  // ...and one without get the same words.
  await page.getByRole("button", { name: "Use a different email" }).click();
  await email.fill(`nobody-${Date.now()}@example.com`);
  await send.click();
  await expect(answer).toHaveText(first ?? "");

  // Use up the allowance, then the page says to wait.
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await page.request.post("/api/login/email", {
      data: { email: "demo@example.com" },
    });
    if (res.status() === 429) break;
  }
  await page.getByRole("button", { name: "Use a different email" }).click();
  await email.fill("demo@example.com");
  await send.click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many requests, try again in a few minutes.",
  );
});

test("a used or expired link lands on a clear message", async ({ page }) => {
  await page.goto("/api/login/email?token=not-a-real-token");
  await expect(page).toHaveURL("/login?error=link-invalid");
  await expect(page.getByRole("alert")).toContainText(
    "That sign-in link has expired or was already used. Ask for a new one below.",
  );
  await expect(page.getByLabel("Email address")).toBeVisible();
});

test("provider errors are explained, with a way to start again", async ({ page }) => {
  for (const [code, words] of [
    ["sign-in-failed", "did not confirm who you are"],
    ["provider-unavailable", "not responding"],
    ["sign-in-expired", "took too long"],
  ] as const) {
    await page.goto(`/login?error=${code}&returnTo=%2Fdashboard%3Ftab%3Dsupport`);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(words);
    await expect(alert.getByRole("link", { name: "Try signing in again" })).toHaveAttribute(
      "href",
      "/api/login?returnTo=%2Fdashboard%3Ftab%3Dsupport",
    );
  }
});

test("the demo client lands on the dashboard, and Log Out signs out", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in as demo client" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jordan");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Log Out" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Back office" })).toHaveCount(0);

  await header.getByRole("link", { name: "Log Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Log Out" })).toHaveCount(0);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("sign-in returns to the page asked for", async ({ page }) => {
  await page.goto("/login?returnTo=%2Fdashboard%3Ftab%3Dbilling");
  await page.getByRole("button", { name: "Sign in as demo client" }).click();
  await expect(page).toHaveURL("/dashboard?tab=billing");
  await expect(page.getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true");
});

test("a returnTo to another site is ignored", async ({ page }) => {
  await page.goto("/login?returnTo=%2F%2Fevil.example%2F");
  await page.getByRole("button", { name: "Sign in as demo client" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jordan");
});

test("staff land on the back office, and the header leads them back to it", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in as demo admin" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // From any page, on a wide screen and in the phone menu.
  await page.goto("/about");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Back office" }).click();
  await expect(page).toHaveURL("/admin");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/pricing");
  await header.getByRole("button", { name: "Open menu" }).click();
  await header.getByRole("link", { name: "Back office" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // A page asked for still wins over the back office.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.request.post("/api/logout");
  await page.goto("/login?returnTo=%2Fdashboard%3Ftab%3Dbilling");
  await page.getByRole("button", { name: "Sign in as demo admin" }).click();
  await expect(page).toHaveURL("/dashboard?tab=billing");
  await expect(header.getByRole("link", { name: "Back office" })).toBeVisible();
});

test("a returnTo that a browser reads as another site is ignored", async ({ page }) => {
  // Were the browser sent there, it would show this page instead of failing to find the host.
  await page.route("http://evil.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Phished</h1>" }),
  );
  // The browser drops the tab and reads //evil.test/phish: another host.
  await page.goto("/login?returnTo=%2F%09%2Fevil.test%2Fphish");
  await page.getByRole("button", { name: "Sign in as demo client" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jordan");
  // Signed in, /api/login goes straight to the return address.
  await page.goto("/api/login?returnTo=%2F%09%2Fevil.test%2Fphish");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Jordan");
});

test("another site cannot sign you out; the page it lands on asks first", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn("client");
  const signedIn = async () => (await page.request.get("/api/auth/user")).status();
  expect(await signedIn()).toBe(200);

  // A page on another site (localhost is not 127.0.0.1). An image of /api/logout there never
  // carries the SameSite=Lax session cookie (the API tests cover it); a link it follows does.
  const otherSite = `${baseURL!.replace("127.0.0.1", "localhost")}/prize`;
  await page.route(otherSite, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<a href="${baseURL}/api/logout">Win a prize</a>`,
    }),
  );
  await page.goto(otherSite);

  await page.getByRole("link", { name: "Win a prize" }).click();
  await expect(page).toHaveURL("/logout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign out of Harborline?");
  expect(await signedIn()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  expect(await signedIn()).toBe(401);
});

test("signed in, /login offers the dashboard instead of the form", async ({ page, signIn }) => {
  await signIn("client");
  await page.goto("/login");
  await expect(page.getByText("You are signed in as Jordan.")).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("leaving /login cancels its passkey offer as soon as the next page is asked for", async ({
  page,
}) => {
  // The offer's request is held unanswered, and so is the next page, so the old page stays open
  // in between, as it does while a sign-in goes through the provider's redirects.
  await page.route("**/api/login/passkey/options", () => {});
  const offered = page.waitForRequest("**/api/login/passkey/options");
  await page.goto("/login");
  const offer = await offered;

  let sendNextPage = () => {};
  const nextPageHeld = new Promise<void>((resolve) => (sendNextPage = resolve));
  await page.route("**/about", async (route) => {
    await nextPageHeld;
    await route.continue();
  });
  const cancelled = page.waitForEvent("requestfailed", (request) => request === offer);
  const leaving = page.goto("/about");
  // Cancelled while the next page has not arrived: an answer now could set no cookie.
  await cancelled;
  sendNextPage();
  await leaving;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

for (const width of [375, 1280]) {
  test(`axe finds no WCAG 2.2 AA violation on /login at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/login", "/login?error=link-invalid"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Sign in as demo client" })).toBeVisible();
      expect(await wcagViolations(page), path).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal scroll on ${path}`).toBeLessThanOrEqual(0);
    }
  });
}
