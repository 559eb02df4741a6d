import { PassThrough } from "node:stream";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { startSmtpSink, type SmtpSink } from "../../../../tests/support/smtp-sink";
import { issueLoginToken } from "../../auth/email-links";
import { loginTokens, outboxEmails, sessions, users } from "../../db/schema";
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from "../../plugins/session";
import { checkEmailMessage } from "./auth";

const MINUTE = 60_000;

type Cookie = { name: string; value: string; secure?: boolean; expires?: Date | string };

function sessionCookie(response: { cookies: Cookie[] }) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

describe.each(databaseKinds)("sign-in on %s", (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, {
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: "owner@harborline.example",
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const requestLink = (email: string, remoteAddress = "127.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/login/email",
      remoteAddress,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email }),
    });

  const whoAmI = (cookie: string | undefined) =>
    t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      cookies: cookie ? { [SESSION_COOKIE]: cookie } : {},
    });

  const demoSignIn = (cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/login/demo",
      cookies,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ as: "client" }),
    });

  /** Accounts exist by invitation: the row staff's "Invite client" makes. */
  const invite = (email: string) =>
    t.database.db.insert(users).values({ email }).onConflictDoNothing();

  async function linkFor(email: string) {
    await invite(email);
    const before = smtp.received.length;
    const response = await requestLink(email, `10.0.0.${before + 1}`);
    expect(response.statusCode).toBe(202);
    const mail = await smtp.waitForMail((m) => m.to[0] === email, before);
    const link = mail.text.match(/http:\/\/\S+\/api\/login\/email\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    return new URL(link!);
  }

  it("signs in through a single-use email link", async () => {
    const link = await linkFor("new.client@example.com");
    expect(smtp.received.find((m) => m.to[0] === "new.client@example.com")?.subject).toBe(
      "Your Harborline sign-in link",
    );

    const signIn = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe("/dashboard");
    const cookie = sessionCookie(signIn);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    const expires = new Date(cookie!.expires!).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 60 * MINUTE))).toBeLessThan(MINUTE);

    // A readable marker tells the front end a session may exist; it holds nothing secret.
    expect(signIn.cookies.find((c) => c.name === SIGNED_IN_COOKIE)).toMatchObject({ value: "1" });
    const me = await whoAmI(cookie?.value);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(String),
      email: "new.client@example.com",
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isAdmin: false,
      secondFactor: "none",
      mustEnrol: false,
    });

    const reused = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe("/login?error=link-invalid");
    expect(sessionCookie(reused)).toBeUndefined();
  });

  it("lands staff on the back office, unless the link was asked for another page", async () => {
    const link = await linkFor("owner@harborline.example");
    const signIn = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(signIn.headers.location).toBe("/admin");
    const cookie = sessionCookie(signIn)!.value;
    // Signed in already, /api/login goes straight to their home or to the page asked for.
    const again = (url: string) =>
      t.app.inject({ method: "GET", url, cookies: { [SESSION_COOKIE]: cookie } });
    expect((await again("/api/login")).headers.location).toBe("/admin");
    expect((await again("/api/login?returnTo=/dashboard")).headers.location).toBe("/dashboard");

    const before = smtp.received.length;
    await t.app.inject({
      method: "POST",
      url: "/api/login/email",
      remoteAddress: "10.6.0.1",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "owner@harborline.example", returnTo: "/dashboard" }),
    });
    const mail = await smtp.waitForMail((m) => m.to[0] === "owner@harborline.example", before);
    const asked = new URL(mail.text.match(/http:\/\/\S+\/api\/login\/email\?token=[\w-]+/)![0]);
    const toDashboard = await t.app.inject({ method: "GET", url: asked.pathname + asked.search });
    expect(toDashboard.headers.location).toBe("/dashboard");
  });

  it("answers every address the same way and stores only a hash of the link", async () => {
    await invite("new.client@example.com");
    const known = await requestLink("new.client@example.com", "10.1.0.1");
    const unknown = await requestLink("nobody-here@example.com", "10.1.0.2");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: checkEmailMessage });
    expect(unknown.json()).toEqual(known.json());

    const link = await linkFor("hash.check@example.com");
    const token = link.searchParams.get("token")!;
    const stored = await t.database.db.query.loginTokens.findMany();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.tokenHash).not.toContain(token);
  });

  /** Return addresses and where a browser must land: on this site, in a valid Location header. */
  const returnAddresses = [
    ["/dashboard?tab=support&new=1", "/dashboard?tab=support&new=1"],
    ["//evil.example/steal", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    // Browsers drop tabs and newlines: this is //evil.test/phish to them.
    ["/\t/evil.test/phish", "/dashboard"],
    ["/\n/x", "/dashboard"],
    ["/.//evil.test", "/dashboard"],
    ["/。/x", "/%E3%80%82/x"],
    ["/café?q=né#sé", "/caf%C3%A9?q=n%C3%A9#s%C3%A9"],
    // Longer than the 500 characters kept once percent-encoded.
    [`/${"é".repeat(300)}`, "/dashboard"],
  ] as const;

  it("lands on the page the visitor was going to, and never on another site", async () => {
    for (const [returnTo, landing] of returnAddresses) {
      const email = `return${Math.random().toString(36).slice(2)}@example.com`;
      await invite(email);
      const before = smtp.received.length;
      await t.app.inject({
        method: "POST",
        url: "/api/login/email",
        remoteAddress: `10.5.0.${before}`,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email, returnTo }),
      });
      const mail = await smtp.waitForMail((m) => m.to[0] === email, before);
      const link = new URL(mail.text.match(/http:\/\/\S+\/api\/login\/email\?token=[\w-]+/)![0]);
      const signIn = await t.app.inject({ method: "GET", url: link.pathname + link.search });
      expect(signIn.statusCode, returnTo).toBe(302);
      expect(signIn.headers.location, returnTo).toBe(landing);
      expect((await whoAmI(sessionCookie(signIn)?.value)).statusCode, returnTo).toBe(200);
    }
  });

  it("sends a signed-in visitor from /api/login to the same safe address", async () => {
    const cookie = sessionCookie(await demoSignIn())!.value;
    for (const [returnTo, landing] of returnAddresses) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
        cookies: { [SESSION_COOKIE]: cookie },
      });
      expect(response.statusCode, returnTo).toBe(302);
      expect(response.headers.location, returnTo).toBe(landing);
    }
    const signedOut = await t.app.inject({
      method: "GET",
      url: "/api/login?returnTo=%2F%09%2Fevil.test%2Fphish",
    });
    expect(signedOut.headers.location).toBe("/login");
  });

  it("creates no account for an unknown address: the same answer, no row, no email", async () => {
    const counts = async () =>
      Promise.all(
        [users, loginTokens, outboxEmails].map(async (table) => {
          const [row] = await t.database.db.select({ n: count() }).from(table);
          return row?.n;
        }),
      );
    const before = await counts();
    const mails = smtp.received.length;
    const response = await requestLink("stranger@example.com", "10.7.0.1");
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: checkEmailMessage });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await counts()).toEqual(before);
    expect(smtp.received.slice(mails).map((mail) => mail.to[0])).not.toContain(
      "stranger@example.com",
    );
  });

  it("signs no one in with the link of an account erased since it was sent", async () => {
    await invite("gone@example.com");
    const token = await issueLoginToken(t.database.db, "gone@example.com");
    await t.database.db.delete(users).where(eq(users.email, "gone@example.com"));
    const response = await t.app.inject({ method: "GET", url: `/api/login/email?token=${token}` });
    expect(response.headers.location).toBe("/login?error=link-invalid");
    expect(sessionCookie(response)).toBeUndefined();
    const [made] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "gone@example.com"));
    expect(made?.n).toBe(0);
  });

  it("refuses an expired link", async () => {
    const token = await issueLoginToken(
      t.database.db,
      "late@example.com",
      new Date(Date.now() - 16 * MINUTE),
    );
    const response = await t.app.inject({ method: "GET", url: `/api/login/email?token=${token}` });
    expect(response.headers.location).toBe("/login?error=link-invalid");
    const made = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "late@example.com"));
    expect(made).toEqual([]);
  });

  it("lands a missing code on the sign-in page, and refuses in words a code no link could carry", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/login/email" });
    expect(missing.headers.location).toBe("/login?error=link-invalid");

    const tooLong = await t.app.inject({
      method: "GET",
      url: `/api/login/email?token=${"a".repeat(201)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: "Some fields need attention. Please check them and try again.",
      errors: { token: "token must be at most 200 characters: open the link exactly as emailed" },
    });

    const twice = await t.app.inject({ method: "GET", url: "/api/login/email?token=a&token=b" });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({
      token: "token must be the code from the sign-in link: open the link as emailed",
    });
    expect(sessionCookie(twice)).toBeUndefined();
  });

  it("sends an address at most three links per 15 minutes, still answering the same", async () => {
    await invite("busy@example.com");
    const before = smtp.received.length;
    for (let i = 0; i < 4; i++) {
      const response = await requestLink("busy@example.com", `10.2.0.${i}`);
      expect(response.json()).toEqual({ message: checkEmailMessage });
    }
    await smtp.waitFor(before + 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((mail) => mail.to[0] === "busy@example.com")).toHaveLength(3);
  });

  it("limits link requests per client address with 429 and Retry-After", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await requestLink(`spray${i}@example.com`, "10.3.0.1"));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(answers[5]?.statusCode).toBe(429);
    expect(answers[5]?.headers["retry-after"]).toBeDefined();
  });

  it("refuses a bad email address with the form's message", async () => {
    const response = await requestLink("not-an-email", "10.4.0.1");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: "Invalid email address" });
  });

  it("makes staff of the addresses in ADMIN_EMAILS", async () => {
    const link = await linkFor("owner@harborline.example");
    const signIn = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect((await whoAmI(sessionCookie(signIn)?.value)).json().isAdmin).toBe(true);
  });

  it("gives a new session id at sign-in, and logout makes the old cookie useless", async () => {
    const first = await demoSignIn();
    expect(first.statusCode).toBe(200);
    const planted = sessionCookie(first)!.value;

    const second = await demoSignIn({ [SESSION_COOKIE]: planted });
    const current = sessionCookie(second)!.value;
    expect(current).not.toBe(planted);
    expect((await whoAmI(planted)).statusCode).toBe(401);
    expect((await whoAmI(current)).statusCode).toBe(200);

    const [before] = await t.database.db.select({ n: count() }).from(sessions);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      cookies: { [SESSION_COOKIE]: current, [SIGNED_IN_COOKIE]: "1" },
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
    const marker = logout.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
    expect(marker?.value).toBe("");
    const [after] = await t.database.db.select({ n: count() }).from(sessions);
    expect(after!.n).toBe(before!.n - 1);
    const stale = await whoAmI(current);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: "Unauthorized" });
  });

  it("does not let a request still in flight at logout sign the user back in", async () => {
    const signIn = await demoSignIn();
    const cookie = sessionCookie(signIn)!.value;

    // A request whose body is still arriving has its session loaded, but not yet answered.
    const body = new PassThrough();
    const inFlight = t.app.inject({
      method: "POST",
      url: "/api/tickets",
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { "content-type": "application/json" },
      payload: body,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      cookies: { [SESSION_COOKIE]: cookie },
    });
    expect(logout.statusCode).toBe(303);
    body.end(JSON.stringify({ subject: "", message: "", priority: "low" }));
    expect((await inFlight).statusCode).toBe(400);

    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it("signs out on a post or a navigation from this site, never at another site's request", async () => {
    const cookie = sessionCookie(await demoSignIn())!.value;
    const logout = (method: "GET" | "POST", headers: Record<string, string | undefined>) =>
      t.app.inject({ method, url: "/api/logout", headers, cookies: { [SESSION_COOKIE]: cookie } });

    // An image, link or redirect on another site, or a browser that does not say: asked first.
    for (const headers of [
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image" },
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      { "sec-fetch-site": "same-site" },
      {},
    ]) {
      const response = await logout("GET", headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(302);
      expect(response.headers.location).toBe("/logout");
      expect((await whoAmI(cookie)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    // A form on another site cannot post it either.
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    ]) {
      expect((await logout("POST", headers)).statusCode).toBe(403);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    }

    // The header's Log Out link, and an address typed in, sign out at once.
    for (const site of ["same-origin", "none"]) {
      const signedIn = sessionCookie(await demoSignIn())!.value;
      const response = await t.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { "sec-fetch-site": site },
        cookies: { [SESSION_COOKIE]: signedIn },
      });
      expect(response.headers.location, site).toBe("/");
      expect((await whoAmI(signedIn)).statusCode, site).toBe(401);
    }

    // The /logout page's button: a form post from this site.
    const form = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        origin: new URL(t.config.publicUrl).origin,
      },
      cookies: { [SESSION_COOKIE]: cookie },
      payload: "",
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe("/");
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it("sends /api/login to the sign-in page when no provider is set", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/login?returnTo=/dashboard" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login?returnTo=%2Fdashboard");
    const offsite = await t.app.inject({
      method: "GET",
      url: "/api/login?returnTo=//evil.example",
    });
    expect(offsite.headers.location).toBe("/login");
    expect((await t.app.inject({ method: "GET", url: "/api/login" })).headers.location).toBe(
      "/login",
    );
  });

  it("refuses a write from another site", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login/demo",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      payload: JSON.stringify({ as: "admin" }),
    });
    expect(response.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      payload: "{}",
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe.each(databaseKinds)("sign-in with OPEN_SIGNUP on %s", (kind) => {
  it("lets anyone create an account with an email link", async () => {
    const smtp = await startSmtpSink();
    const t = await createTestApp(kind, { SMTP_URL: smtp.url, OPEN_SIGNUP: "true" });
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login/email",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email: "walk-in@example.com" }),
      });
      expect(response.json()).toEqual({ message: checkEmailMessage });
      const mail = await smtp.waitForMail((m) => m.to[0] === "walk-in@example.com");
      const link = new URL(mail.text.match(/http:\/\/\S+\/api\/login\/email\?token=[\w-]+/)![0]);
      const signIn = await t.app.inject({ method: "GET", url: link.pathname + link.search });
      expect(signIn.headers.location).toBe("/dashboard");
      const me = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        cookies: { [SESSION_COOKIE]: sessionCookie(signIn)!.value },
      });
      expect(me.json()).toMatchObject({ email: "walk-in@example.com", isAdmin: false });
      // They own a company of their own.
      const team = await t.app.inject({
        method: "GET",
        url: "/api/team",
        cookies: { [SESSION_COOKIE]: sessionCookie(signIn)!.value },
      });
      expect(team.json()).toMatchObject({ companyName: "walk-in@example.com", role: "owner" });
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});

describe("sign-in in production", () => {
  it("has no demo sign-in, and marks the cookie Secure on https", async () => {
    const t = await createTestApp("pglite", {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://unused@127.0.0.1/unused",
      SESSION_SECRET: "p".repeat(48),
      SMTP_URL: "smtp://127.0.0.1:9",
      PUBLIC_URL: "https://harborline.example",
      TRUST_PROXY: "true",
    });
    try {
      const demo = await t.app.inject({
        method: "POST",
        url: "/api/login/demo",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ as: "admin" }),
      });
      expect(demo.statusCode).toBe(404);
      await t.database.db.insert(users).values({ email: "client@example.com" });
      const token = await issueLoginToken(t.database.db, "client@example.com");
      // Behind the TLS-terminating proxy, as in production.
      const signIn = await t.app.inject({
        method: "GET",
        url: `/api/login/email?token=${token}`,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(sessionCookie(signIn)?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
