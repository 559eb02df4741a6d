import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  totpCode,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { SECOND_FACTOR_WINDOW_MS } from "../../auth/totp";
import { auditEvents, loginTokens, outboxEmails, users } from "../../db/schema";
import { checkEmailMessage, tooManyCodesMessage } from "./auth";

const BURST = 100;

/**
 * Counted limits hold when the tries come all at once (on PostgreSQL, truly in parallel): each
 * try is counted before it is checked, so no more are checked than the limit allows.
 */
describe.each(databaseKinds)("attempt limits under a burst on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  /** A client with TOTP turned on: its secret, recovery codes and the enrolling session. */
  async function enrolled(email: string) {
    const cookie = await signInAs(t, email);
    const setup = await call(cookie, "POST", "/api/account/totp/setup");
    const { secret } = setup.json() as { secret: string };
    const confirmed = await call(cookie, "POST", "/api/account/totp", { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { cookie, secret, codes: confirmed.json().recoveryCodes as string[] };
  }

  /** Six-digit codes that are wrong now and for the next minute (none a current code). */
  function wrongCodes(secret: string, n: number) {
    const now = Date.now();
    const right = new Set([-30_000, 0, 30_000, 60_000].map((d) => totpCode(secret, now + d)));
    return Array.from({ length: n + right.size }, (_, i) => String(100000 + i))
      .filter((code) => !right.has(code))
      .slice(0, n);
  }

  const statuses = (answers: { statusCode: number }[]) => {
    const tally: Record<number, number> = {};
    for (const { statusCode } of answers) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
    return tally;
  };

  const failures = async (email: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorEmail, email), eq(auditEvents.action, "auth.second-factor-failed")),
      );
    return row?.n ?? 0;
  };

  /** Runs `then` with the clock moved on by `ms` (the database's own clock stays). */
  async function later<T>(ms: number, then: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + ms);
    try {
      return await then();
    } finally {
      vi.useRealTimers();
    }
  }

  it(`checks at most five of ${BURST} wrong TOTP codes sent at once; the right one waits out the window`, async () => {
    const email = "burst.totp@example.com";
    const { secret } = await enrolled(email);
    const cookie = await signInAs(t, email);
    const answers = await Promise.all(
      wrongCodes(secret, BURST).map((code) =>
        call(cookie, "POST", "/api/login/second-factor", { code }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: BURST - 5 });
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe(tooManyCodesMessage);
    expect(await failures(email)).toBe(5);

    const rightCode = () =>
      call(cookie, "POST", "/api/login/second-factor", { code: totpCode(secret) });
    expect((await later(30_000, rightCode)).statusCode).toBe(429);
    expect((await later(SECOND_FACTOR_WINDOW_MS - 60_000, rightCode)).statusCode).toBe(429);
    expect((await call(cookie, "GET", "/api/account")).statusCode).toBe(401);
    expect((await later(SECOND_FACTOR_WINDOW_MS + 60_000, rightCode)).statusCode).toBe(200);
    expect((await call(cookie, "GET", "/api/account")).statusCode).toBe(200);
  });

  it(`checks at most five of ${BURST} wrong recovery codes sent at once`, async () => {
    const email = "burst.recovery@example.com";
    const { codes } = await enrolled(email);
    const cookie = await signInAs(t, email);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(cookie, "POST", "/api/login/second-factor", {
          code: `zzzzz-${String(i).padStart(5, "z")}`,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: BURST - 5 });
    expect(await failures(email)).toBe(5);

    // Refused, the recovery code is not used up: it works once the window has passed.
    const recoveryCode = () => call(cookie, "POST", "/api/login/second-factor", { code: codes[0] });
    expect((await recoveryCode()).statusCode).toBe(429);
    expect((await later(SECOND_FACTOR_WINDOW_MS + 60_000, recoveryCode)).statusCode).toBe(200);
    expect((await call(cookie, "GET", "/api/account")).json().recoveryCodesLeft).toBe(9);
  });

  it(`checks at most five of ${BURST} wrong codes sent at once to turn TOTP off`, async () => {
    const email = "burst.off@example.com";
    const { cookie, secret } = await enrolled(email);
    const answers = await Promise.all(
      wrongCodes(secret, BURST).map((code) =>
        call(cookie, "DELETE", "/api/account/totp", { code }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: BURST - 5 });
    expect(await failures(email)).toBe(5);
    const right = totpCode(secret, Date.now() + 30_000);
    expect((await call(cookie, "DELETE", "/api/account/totp", { code: right })).statusCode).toBe(
      429,
    );
    expect((await call(cookie, "GET", "/api/account")).json().totpEnabled).toBe(true);
  });

  it("counts at most five forged passkey answers sent at once for the second factor", async () => {
    const email = "burst.passkey@example.com";
    await enrolled(email);
    const cookie = await signInAs(t, email);
    expect((await call(cookie, "POST", "/api/login/passkey/options")).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(cookie, "POST", "/api/login/passkey", { response: { id: "forged" } }),
      ),
    );
    expect(await failures(email)).toBe(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(true);
  });

  /** Link requests for one address, at once, each from its own client address. */
  const burstOfLinks = (email: string, n: number, subnet: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/login/email",
          remoteAddress: `10.${subnet}.${i >> 8}.${i & 255}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ email }),
        }),
      ),
    );

  const linksOf = async (email: string) => {
    const [tokens] = await t.database.db
      .select({ n: count() })
      .from(loginTokens)
      .where(eq(loginTokens.email, email));
    const [emails] = await t.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email));
    return { tokens: tokens?.n, emails: emails?.n };
  };

  it("sends one address at most three sign-in links when 30 are asked for at once", async () => {
    const email = "burst.links@example.com";
    await t.database.db.insert(users).values({ email });
    const answers = await burstOfLinks(email, 30, 20);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(202));
    expect(answers.every((a) => a.json().message === checkEmailMessage)).toBe(true);
    expect(await linksOf(email)).toEqual({ tokens: 3, emails: 3 });
  });

  it("counts an invitation among the links of its address, and the links asked for meanwhile", async () => {
    const owner = await signInAs(t, "burst.owner@example.com");
    const email = "burst.invitee@example.com";
    const [invited] = await Promise.all([
      call(owner, "POST", "/api/team/members", { email, role: "member" }),
      // Asked for while the invitation is on its way: its account may not exist yet.
      burstOfLinks(email, 10, 21),
    ]);
    expect(invited.statusCode).toBe(201);
    await burstOfLinks(email, 30, 22);
    expect(await linksOf(email)).toEqual({ tokens: 3, emails: 3 });
  });
});
