import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { buildApp, type App, type AppOptions } from "../../src/server/app";
import { issueLoginToken, LINK_LIFETIME_MS } from "../../src/server/auth/email-links";
import { loadConfig, type Config } from "../../src/server/config";
import { eq } from "drizzle-orm";
import type { MemberRole } from "../../src/shared/schemas/team";
import { companies, companyMembers, users } from "../../src/server/db/schema";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./database";

export type TestApp = { app: App; database: TestDatabase; config: Config; close(): Promise<void> };

/** The real server on a fresh database of the given kind, for app.inject tests. */
export async function createTestApp(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  options: Pick<
    AppOptions,
    | "outbox"
    | "logger"
    | "billing"
    | "monitor"
    | "reports"
    | "rdap"
    | "analytics"
    | "inbound"
    | "webhooks"
  > & {
    /** A client build to serve (default: none, so pages answer 503). */
    clientDir?: string;
    /** Use this database instead of a fresh one of `kind`. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    // Tests post many forms from one address; the limit itself is tested on its own.
    FORM_RATE_LIMIT: "1000",
    API_RATE_LIMIT: "100000",
    ...env,
  });
  if (options.clientDir) config.clientDir = options.clientDir;
  const database = options.database ?? (await createTestDatabase(kind));
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    outbox: { pollMs: 200, retryBaseMs: 200, ...options.outbox },
    ...(options.billing ? { billing: options.billing } : {}),
    // The monitor would request the seeded sites' addresses: off unless a test drives it.
    monitor: options.monitor ?? false,
    // Monthly reports would queue emails for seeded care clients: off unless a test drives them.
    reports: options.reports ?? false,
    // The daily RDAP check would ask real registries: off unless a test drives it.
    rdap: options.rdap ?? false,
    ...(options.analytics ? { analytics: options.analytics } : {}),
    ...(options.inbound ? { inbound: options.inbound } : {}),
    // The webhook worker would POST to the endpoints tests register: off unless a test drives it.
    webhooks: options.webhooks ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Membership = {
  /** Their role (default: owner of a new company, or member of the given one). */
  role?: MemberRole;
  /** The company to join (default: a new company of their own). */
  companyId?: string;
};

const linksIssued = new WeakMap<TestApp, number>();

/** The recovery codes of the staff accounts signInAs enrolled, by app and email. */
const recoveryCodesOf = new WeakMap<TestApp, Map<string, string[]>>();

/** The current code of a TOTP secret, as an authenticator app shows it. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

/**
 * Signs in through a real single-use email link and returns the session cookie's value. An
 * address with no account is first given one, as staff's invitation does, and a client (not
 * staff) who belongs to no company is made a member of one: a new company of their own (owner)
 * unless `membership` names a company and a role.
 *
 * Staff must pass a second factor: by default (`secondFactor` unset) a staff member is enrolled
 * in TOTP through the account routes the first time (scanning the secret, confirming a code) and
 * passes the second-factor step with one of their recovery codes after that. `secondFactor:
 * false` stops after the email link (a staff member not enrolled, or a session still waiting
 * for its second factor).
 */
export async function signInAs(
  t: TestApp,
  email: string,
  options: Membership & { secondFactor?: boolean } = {},
): Promise<string> {
  const { db } = t.database;
  await db.insert(users).values({ email }).onConflictDoNothing();
  if (!t.config.adminEmails.includes(email)) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [member] = await db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, user!.id));
    if (!member) {
      let companyId = options.companyId;
      if (!companyId) {
        const [company] = await db.insert(companies).values({ name: email }).returning();
        companyId = company!.id;
      }
      await db.insert(companyMembers).values({
        companyId,
        userId: user!.id,
        role: options.role ?? (options.companyId ? "member" : "owner"),
      });
    }
  }
  // Each link is dated a window later than the last, so tests that sign the same person in
  // many times are not held up by the per-address limit on links.
  const age = (linksIssued.get(t) ?? 0) * 16 * 60 * 1000;
  linksIssued.set(t, (linksIssued.get(t) ?? 0) + 1);
  const token = await issueLoginToken(
    t.database.db,
    email,
    new Date(Date.now() + age),
    LINK_LIFETIME_MS,
  );
  const response = await t.app.inject({ method: "GET", url: `/api/login/email?token=${token}` });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`sign-in as ${email} failed: ${response.statusCode}`);
  const isStaff = t.config.adminEmails.includes(email.toLowerCase());
  if (!(options.secondFactor ?? isStaff)) return cookie.value;

  const codes = recoveryCodesOf.get(t) ?? new Map<string, string[]>();
  recoveryCodesOf.set(t, codes);
  if (String(response.headers.location).startsWith("/login/verify")) {
    const code = codes.get(email)?.shift();
    if (!code) throw new Error(`no recovery code left for ${email}`);
    const passed = await callApi(t, cookie.value, "POST", "/api/login/second-factor", { code });
    if (passed.statusCode !== 200) throw new Error(`second factor of ${email}: ${passed.body}`);
    return cookie.value;
  }
  const setup = await callApi(t, cookie.value, "POST", "/api/account/totp/setup");
  if (setup.statusCode !== 200) throw new Error(`TOTP setup of ${email}: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await callApi(t, cookie.value, "POST", "/api/account/totp", {
    code: totpCode(secret),
  });
  if (confirmed.statusCode !== 200) throw new Error(`TOTP of ${email}: ${confirmed.body}`);
  codes.set(email, (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes);
  return cookie.value;
}

/** The company a user (by email) belongs to. */
export async function companyOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} belongs to no company`);
  return row.companyId;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** An API call as the holder of a session cookie (undefined: signed out), with a JSON body. */
export function callApi(
  t: TestApp,
  cookie: string | undefined,
  method: Method,
  url: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    cookies: cookie ? { [SESSION_COOKIE]: cookie } : {},
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) }),
  });
}

/** callApi's arguments after the app: a test's own `call`, bound to its app, takes these. */
export type CallArgs = Parameters<typeof callApi> extends [TestApp, ...infer Rest] ? Rest : never;
