import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App, type AppOptions } from "../../src/server/app";
import { issueLoginToken } from "../../src/server/auth/email-links";
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
  options: Pick<AppOptions, "outbox" | "logger"> & {
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

/**
 * Signs in through a real single-use email link and returns the session cookie's value. An
 * address with no account is first given one, as staff's invitation does, and a client (not
 * staff) who belongs to no company is made a member of one: a new company of their own (owner)
 * unless `membership` names a company and a role.
 */
export async function signInAs(
  t: TestApp,
  email: string,
  membership: Membership = {},
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
      let companyId = membership.companyId;
      if (!companyId) {
        const [company] = await db.insert(companies).values({ name: email }).returning();
        companyId = company!.id;
      }
      await db.insert(companyMembers).values({
        companyId,
        userId: user!.id,
        role: membership.role ?? (membership.companyId ? "member" : "owner"),
      });
    }
  }
  const token = await issueLoginToken(t.database.db, email);
  const response = await t.app.inject({ method: "GET", url: `/api/login/email?token=${token}` });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`sign-in as ${email} failed: ${response.statusCode}`);
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
