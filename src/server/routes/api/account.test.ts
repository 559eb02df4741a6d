import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  totpCode,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aTicket } from "../../../../tests/support/factories";
import { issueLoginToken } from "../../auth/email-links";
import {
  auditEvents,
  companyMembers,
  outboxEmails,
  recoveryCodes,
  sessions,
  users,
} from "../../db/schema";
import { SESSION_COOKIE } from "../../plugins/session";
import { tooManyCodesMessage } from "./auth";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("the account page's API on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    await aStaffMember(t.database.db, { email: staffEmail });
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  let linksIssued = 0;

  /** Signs in with an email link, as a browser: the cookie and where the link lands. */
  async function emailLink(email: string, userAgent = "Mozilla/5.0 (Macintosh) Chrome/140.0") {
    await t.database.db.insert(users).values({ email }).onConflictDoNothing();
    // Each link is dated a window later than the last, so the per-address limit on links does not bite.
    const age = linksIssued++ * 16 * 60_000;
    const token = await issueLoginToken(
      t.database.db,
      email,
      new Date(Date.now() + age),
      60_000,
      "/dashboard",
    );
    const response = await t.app.inject({
      method: "GET",
      url: `/api/login/email?token=${token}`,
      headers: { "user-agent": userAgent },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    return { cookie, location: String(response.headers.location) };
  }

  /** Turns TOTP on for a signed-in session: the secret and the recovery codes. */
  async function enrolTotp(cookie: string) {
    const setup = await call(cookie, "POST", "/api/account/totp/setup");
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toContain("<svg");
    const confirmed = await call(cookie, "POST", "/api/account/totp", { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { secret: secret as string, codes: confirmed.json().recoveryCodes as string[] };
  }

  const auditCount = async (actorEmail: string, action: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorEmail, actorEmail), eq(auditEvents.action, action)));
    return row?.n ?? 0;
  };

  it("shows and changes the name and the email notices; bad input stores nothing", async () => {
    const { cookie } = await emailLink("name.change@example.com");
    const account = await call(cookie, "GET", "/api/account");
    expect(account.json()).toMatchObject({
      email: "name.change@example.com",
      totpEnabled: false,
      passkeys: [],
      notices: { "ticket-replies": true, "ticket-status": true },
    });
    const named = await call(cookie, "PATCH", "/api/account", {
      firstName: "  Robin ",
      lastName: "Shore",
    });
    expect(named.json()).toMatchObject({ firstName: "Robin", lastName: "Shore" });
    const tooLong = await call(cookie, "PATCH", "/api/account", { firstName: "x".repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toMatchObject({
      firstName: "First name must be at most 100 characters",
    });
    const notices = await call(cookie, "PUT", "/api/account/notices", { "ticket-replies": false });
    // Every other kind keeps its default: a client's emails on, a staff member's own copies off.
    expect(notices.json().notices).toMatchObject({
      "ticket-replies": false,
      "ticket-status": true,
      "invoice-issued": true,
      "staff-ticket-created": false,
    });
    const bad = await call(cookie, "PUT", "/api/account/notices", { "ticket-replies": "no" });
    expect(bad.statusCode).toBe(400);
    const after = (await call(cookie, "GET", "/api/account")).json();
    expect(after).toMatchObject({ firstName: "Robin", notices: { "ticket-replies": false } });
  });

  it("sends no reply email to a client who turned ticket replies off", async () => {
    const { company, owner } = await aClient(t.database.db);
    const ticket = await aTicket(t.database.db, owner, company.id);
    const staff = await signInAs(t, staffEmail);
    const client = await signInAs(t, owner.email);
    const replies = async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, owner.email), eq(outboxEmails.kind, "ticket-staff-reply")));
      return row?.n ?? 0;
    };
    const before = await replies();
    await call(client, "PUT", "/api/account/notices", { "ticket-replies": false });
    const quiet = await call(staff, "POST", `/api/admin/tickets/${ticket.id}/messages`, {
      body: "Answered without an email.",
    });
    expect(quiet.statusCode).toBe(201);
    expect(await replies()).toBe(before);
    await call(client, "PUT", "/api/account/notices", { "ticket-replies": true });
    await call(staff, "POST", `/api/admin/tickets/${ticket.id}/messages`, { body: "And emailed." });
    expect(await replies()).toBe(before + 1);
  });

  it("lists sessions with their device; revoking one deletes its row and its cookie stops working", async () => {
    const email = "many.devices@example.com";
    const laptop = await emailLink(
      email,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Chrome/140.0 Safari/537.36",
    );
    const phone = await emailLink(
      email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1",
    );
    const tablet = await emailLink(email, "Mozilla/5.0 (Linux; Android 15) Firefox/140.0");
    const list = (await call(laptop.cookie, "GET", "/api/account/sessions")).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ device: "Chrome on macOS", current: true });
    expect(list.map((s: { device: string }) => s.device).sort()).toEqual([
      "Chrome on macOS",
      "Firefox on Android",
      "Safari on iPhone",
    ]);
    const phoneRow = list.find((s: { device: string }) => s.device === "Safari on iPhone");

    // Another user cannot sign this one out.
    const stranger = await emailLink("stranger@example.com");
    expect(
      (await call(stranger.cookie, "DELETE", `/api/account/sessions/${phoneRow.id}`)).statusCode,
    ).toBe(404);

    const revoked = await call(laptop.cookie, "DELETE", `/api/account/sessions/${phoneRow.id}`);
    expect(revoked.statusCode).toBe(204);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.sid, phoneRow.id));
    expect(rows).toHaveLength(0);
    expect((await call(phone.cookie, "GET", "/api/account")).statusCode).toBe(401);
    expect(await auditCount(email, "session.revoked")).toBe(1);

    const others = await call(laptop.cookie, "POST", "/api/account/sessions/sign-out-others");
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await call(tablet.cookie, "GET", "/api/account")).statusCode).toBe(401);
    expect((await call(laptop.cookie, "GET", "/api/account")).statusCode).toBe(200);
    expect((await call(laptop.cookie, "GET", "/api/account/sessions")).json()).toHaveLength(1);
    expect(await auditCount(email, "session.revoked")).toBe(2);
    // The stranger's session is untouched.
    expect((await call(stranger.cookie, "GET", "/api/account")).statusCode).toBe(200);
  });

  it("enrols TOTP with a QR code and a first code, keeps the secret encrypted and the codes hashed", async () => {
    const email = "totp.enrol@example.com";
    const { cookie } = await emailLink(email);
    const wrong = await call(cookie, "POST", "/api/account/totp", { code: "12345" });
    expect(wrong.statusCode).toBe(400);
    const { secret, codes } = await enrolTotp(cookie);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.totpSecretEncrypted).toBeTruthy();
    expect(user!.totpSecretEncrypted).not.toContain(secret);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace("-", ""));
    }
    expect(await auditCount(email, "auth.second-factor-enrolled")).toBe(1);
    expect((await call(cookie, "GET", "/api/account")).json()).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call(cookie, "GET", "/api/auth/user")).json().secondFactor).toBe("passed");
  });

  it("after the email link asks for the second factor: a TOTP code, or a recovery code once", async () => {
    const email = "totp.sign-in@example.com";
    const first = await emailLink(email);
    const { secret, codes } = await enrolTotp(first.cookie);

    const second = await emailLink(email);
    expect(second.location).toBe("/login/verify?returnTo=%2Fdashboard");
    const me = (await call(second.cookie, "GET", "/api/auth/user")).json();
    expect(me).toMatchObject({ email, secondFactor: "required" });
    // Signed in for nothing but the second-factor step.
    expect((await call(second.cookie, "GET", "/api/account")).statusCode).toBe(401);
    expect((await call(second.cookie, "GET", "/api/tickets")).statusCode).toBe(401);

    const wrong = await call(second.cookie, "POST", "/api/login/second-factor", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(await auditCount(email, "auth.second-factor-failed")).toBe(1);

    // The code of the step the enrolment used is taken once only: the next step's code works.
    const next = totpCode(secret, Date.now() + 30_000);
    const passed = await call(second.cookie, "POST", "/api/login/second-factor", {
      code: next,
      returnTo: "/dashboard?tab=support",
    });
    expect(passed.json()).toEqual({ redirectTo: "/dashboard?tab=support" });
    expect((await call(second.cookie, "GET", "/api/account")).statusCode).toBe(200);
    const reused = await emailLink(email);
    expect(
      (await call(reused.cookie, "POST", "/api/login/second-factor", { code: next })).statusCode,
    ).toBe(400);

    const third = await emailLink(email);
    const recovered = await call(third.cookie, "POST", "/api/login/second-factor", {
      code: codes[0]!.toUpperCase(),
    });
    expect(recovered.statusCode).toBe(200);
    expect(await auditCount(email, "auth.recovery-code-used")).toBe(1);
    const fourth = await emailLink(email);
    const again = await call(fourth.cookie, "POST", "/api/login/second-factor", { code: codes[0] });
    expect(again.statusCode).toBe(400);
    expect((await call(fourth.cookie, "GET", "/api/account")).statusCode).toBe(401);
  });

  it("rate limits wrong codes: after five in 15 minutes even a right one is refused", async () => {
    const email = "totp.guess@example.com";
    const first = await emailLink(email);
    const { secret } = await enrolTotp(first.cookie);
    const guesser = await emailLink(email);
    for (let i = 0; i < 5; i++) {
      const wrong = await call(guesser.cookie, "POST", "/api/login/second-factor", {
        code: String(100000 + i),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await call(guesser.cookie, "POST", "/api/login/second-factor", {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(tooManyCodesMessage);
    expect(await auditCount(email, "auth.second-factor-failed")).toBe(5);
    expect((await call(guesser.cookie, "GET", "/api/account")).statusCode).toBe(401);
    const garbage = await call(guesser.cookie, "POST", "/api/login/second-factor", { code: "" });
    expect(garbage.statusCode).toBe(400);
  });

  it("turns TOTP off only with a current code", async () => {
    const email = "totp.off@example.com";
    const { cookie } = await emailLink(email);
    const { secret } = await enrolTotp(cookie);
    const wrong = await call(cookie, "DELETE", "/api/account/totp", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect((await call(cookie, "GET", "/api/account")).json().totpEnabled).toBe(true);
    const off = await call(cookie, "DELETE", "/api/account/totp", {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
    expect(await auditCount(email, "auth.second-factor-removed")).toBe(1);
    expect((await emailLink(email)).location).toBe("/dashboard");
  });

  it("shows the user their own security events, newest first, with the address", async () => {
    const email = "events.reader@example.com";
    const { cookie } = await emailLink(email);
    await enrolTotp(cookie);
    const events = (await call(cookie, "GET", "/api/account/security-events")).json();
    expect(events.map((e: { action: string }) => e.action)).toEqual([
      "auth.second-factor-enrolled",
      "auth.signed-in",
    ]);
    expect(events[0]).toMatchObject({ label: "Second factor turned on", ipAddress: "127.0.0.1" });
    const other = (
      await call(
        (await emailLink("someone.else@example.com")).cookie,
        "GET",
        "/api/account/security-events",
      )
    ).json();
    expect(other.map((e: { action: string }) => e.action)).toEqual(["auth.signed-in"]);
  });

  it("lists failed second factors by kind: app code, recovery code, passkey", async () => {
    const email = "events.failures@example.com";
    const { cookie } = await emailLink(email);
    const { secret } = await enrolTotp(cookie);
    const pending = (await emailLink(email)).cookie;
    const tries = [{ code: "000000" }, { code: "nope0-nope0" }];
    for (const body of tries) {
      expect((await call(pending, "POST", "/api/login/second-factor", body)).statusCode).toBe(400);
    }
    expect((await call(pending, "POST", "/api/login/passkey/options")).statusCode).toBe(200);
    const passkey = await call(pending, "POST", "/api/login/passkey", {
      response: { id: "not-a-passkey-of-theirs", response: {} },
    });
    expect(passkey.statusCode).toBe(400);
    // Turning the app off with a wrong code is a wrong app code too.
    expect((await call(cookie, "DELETE", "/api/account/totp", { code: "111111" })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(cookie, "DELETE", "/api/account/totp", {
          code: totpCode(secret, Date.now() + 30_000),
        })
      ).statusCode,
    ).toBe(200);

    const events = (await call(cookie, "GET", "/api/account/security-events")).json() as {
      action: string;
      label: string;
    }[];
    expect(
      events.filter((e) => e.action === "auth.second-factor-failed").map((e) => e.label),
    ).toEqual([
      "Wrong authenticator app code",
      "Passkey not accepted",
      "Wrong recovery code",
      "Wrong authenticator app code",
    ]);
    // The back office's log says the same.
    const staff = await signInAs(t, staffEmail);
    const log = (await call(staff, "GET", "/api/admin/audit")).json() as {
      items: { action: string; label: string; actorEmail: string }[];
    };
    expect(
      log.items
        .filter((e) => e.actorEmail === email && e.action === "auth.second-factor-failed")
        .map((e) => e.label),
    ).toContain("Wrong recovery code");
  });

  it("shows a client their whole company's security events, and no other company's", async () => {
    const owner = await signInAs(t, "events.owner@team.example");
    const [ownerRow] = await t.database.db
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(users.email, "events.owner@team.example"));
    const member = await signInAs(t, "events.member@team.example", {
      companyId: ownerRow!.companyId,
      role: "member",
    });
    const outsider = await signInAs(t, "events.outsider@elsewhere.example");
    expect((await call(owner, "GET", "/api/account")).statusCode).toBe(200);

    const seen = (await call(member, "GET", "/api/account/security-events")).json();
    expect(seen).toContainEqual(
      expect.objectContaining({
        action: "auth.signed-in",
        actorEmail: "events.owner@team.example",
      }),
    );
    const theirs = (await call(outsider, "GET", "/api/account/security-events")).json();
    expect(theirs.map((event: { actorEmail: string }) => event.actorEmail)).toEqual([
      "events.outsider@elsewhere.example",
    ]);
  });

  it("answers passkey requests with no challenge, or a forged answer, with 400 and stores nothing", async () => {
    const { cookie } = await emailLink("passkey.forger@example.com");
    const noChallenge = await call(cookie, "POST", "/api/account/passkeys", {
      name: "Forged",
      response: { id: "abc", response: {} },
    });
    expect(noChallenge.statusCode).toBe(400);
    const options = await call(cookie, "POST", "/api/account/passkeys/options");
    expect(options.json()).toMatchObject({
      rp: { id: "localhost" },
      authenticatorSelection: { residentKey: "required" },
    });
    const forged = await call(cookie, "POST", "/api/account/passkeys", {
      name: "Forged",
      response: { id: "abc", rawId: "abc", type: "public-key", response: {} },
    });
    expect(forged.statusCode).toBe(400);
    expect((await call(cookie, "GET", "/api/account")).json().passkeys).toEqual([]);
    const signIn = await call(undefined, "POST", "/api/login/passkey", {
      response: { id: "abc" },
    });
    expect(signIn.statusCode).toBe(400);
  });
});
