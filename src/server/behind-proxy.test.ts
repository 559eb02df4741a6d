import { mkdtempSync, rmSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { fakeBuild } from "../../tests/support/fake-build";
import { startReverseProxy } from "../../tests/support/reverse-proxy";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink";
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from "./plugins/session";
import { users } from "./db/schema";

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One HTTP request from a client at `from`: on Linux all of 127.0.0.0/8 is this machine, so each
 * address is a different client to the proxy, which names it in X-Forwarded-For.
 */
function send(
  port: number,
  { method = "GET", path: url, from, headers = {}, json }: SendOptions,
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        localAddress: from,
        agent: false,
        headers: body ? { ...headers, "content-type": "application/json" } : headers,
      },
      (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.on("end", () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
type SendOptions = {
  method?: string;
  path: string;
  from: string;
  headers?: Record<string, string>;
  json?: unknown;
};

const lead = (i: number) => ({
  name: `Visitor ${i}`,
  email: `visitor${i}@example.com`,
  subject: "A website for our shop",
  message: "We would like a quote for a new website with online booking.",
});

function sessionCookieOf(answer: Answer): string | undefined {
  return answer.headers["set-cookie"]?.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

const clientDir = mkdtempSync(path.join(tmpdir(), "harborline-proxy-"));
fakeBuild(clientDir);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/**
 * The app listening on 127.0.0.1 behind a TLS-terminating reverse proxy, with PUBLIC_URL https.
 * Its rate limits are its own; the database is shared (and kept) to save each app a migration.
 */
async function appBehindProxy(
  smtp: SmtpSink,
  database: TestDatabase,
  trustProxy: string | undefined,
) {
  const t = await createTestApp(
    "pglite",
    {
      PUBLIC_URL: "https://harborline.example",
      SMTP_URL: smtp.url,
      FORM_RATE_LIMIT: "10",
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    },
    { clientDir, database: { ...database, drop: async () => {} } },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const appPort = (t.app.server.address() as AddressInfo).port;
  const proxy = await startReverseProxy(appPort);
  return {
    appPort,
    proxy,
    close: async () => {
      await proxy.close();
      await t.close();
    },
  };
}

/** Asks for a sign-in link through the proxy and returns the path and query of the emailed link. */
async function emailedLink(
  database: TestDatabase,
  proxyPort: number,
  smtp: SmtpSink,
  email: string,
  from: string,
) {
  // Accounts exist by invitation.
  await database.db.insert(users).values({ email }).onConflictDoNothing();
  const before = smtp.received.length;
  const asked = await send(proxyPort, {
    method: "POST",
    path: "/api/login/email",
    from,
    json: { email },
  });
  expect(asked.status).toBe(202);
  const mail = await smtp.waitForMail((m) => m.to[0] === email, before);
  const link = new URL(mail.text.match(/https:\/\/\S+\/api\/login\/email\?token=[\w-]+/)![0]);
  return link.pathname + link.search;
}

describe("behind a TLS-terminating reverse proxy", { timeout: 60_000 }, () => {
  let smtp: SmtpSink;
  let database: TestDatabase;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await smtp.stop();
    await database.drop();
  });

  describe.each([
    ["true", "true"],
    ["a hop count", "1"],
    ["the proxy's address", "127.0.0.1"],
    ["a CIDR range", "127.0.0.0/31"],
    ["a list", "10.0.0.0/8, ::1 , 127.0.0.1/32"],
  ])("with TRUST_PROXY as %s (%s)", (_form, trustProxy) => {
    let behind: Awaited<ReturnType<typeof appBehindProxy>>;
    beforeAll(async () => {
      behind = await appBehindProxy(smtp, database, trustProxy);
    });
    afterAll(() => behind.close());

    it("signs in through an email link: a Secure session cookie, then the dashboard, signed in", async () => {
      const email = `proxied.${trustProxy.replace(/\W/g, "")}@example.com`;
      const link = await emailedLink(database, behind.proxy.port, smtp, email, "127.0.0.2");
      const signIn = await send(behind.proxy.port, { path: link, from: "127.0.0.2" });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.location).toBe("/dashboard");
      const cookie = sessionCookieOf(signIn);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(signIn.headers["set-cookie"]?.find((c) => c.startsWith(SIGNED_IN_COOKIE))).toMatch(
        /; Secure/,
      );

      const session = { cookie: cookie!.split(";")[0]! };
      const dashboard = await send(behind.proxy.port, {
        path: "/dashboard",
        from: "127.0.0.2",
        headers: session,
      });
      expect(dashboard.status).toBe(200);
      const me = await send(behind.proxy.port, {
        path: "/api/auth/user",
        from: "127.0.0.2",
        headers: session,
      });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).email).toBe(email);
    });

    it("counts lead posts per visitor, not per proxy", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await send(behind.proxy.port, {
          method: "POST",
          path: "/api/contact",
          from: `127.0.0.${10 + i}`,
          json: lead(i),
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual(Array(12).fill(201));

      // One visitor is still held to FORM_RATE_LIMIT.
      const own: number[] = [];
      for (let i = 0; i < 11; i++) {
        own.push(
          (
            await send(behind.proxy.port, {
              method: "POST",
              path: "/api/contact",
              from: "127.0.0.30",
              json: lead(i),
            })
          ).status,
        );
      }
      expect(own).toEqual([...Array(10).fill(201), 429]);
    });

    it.skipIf(trustProxy === "true")(
      "believes no X-Forwarded-For a visitor makes up (only TRUST_PROXY=true does)",
      async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const answer = await send(behind.proxy.port, {
            method: "POST",
            path: "/api/contact",
            from: "127.0.0.40",
            headers: { "x-forwarded-for": `203.0.113.${i}` },
            json: lead(i),
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([...Array(10).fill(201), 429]);
      },
    );

    it("sends HSTS on what arrived over https, and not on what the proxy got over plain http", async () => {
      const https = await send(behind.proxy.port, { path: "/", from: "127.0.0.2" });
      expect(https.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
      const plainProxy = await startReverseProxy(behind.appPort, "http");
      try {
        const plain = await send(plainProxy.port, { path: "/", from: "127.0.0.2" });
        expect(plain.status).toBe(200);
        expect(plain.headers["strict-transport-security"]).toBeUndefined();
      } finally {
        await plainProxy.close();
      }
    });
  });

  describe("with TRUST_PROXY unset", () => {
    let behind: Awaited<ReturnType<typeof appBehindProxy>>;
    beforeAll(async () => {
      behind = await appBehindProxy(smtp, database, undefined);
    });
    afterAll(() => behind.close());

    it("sees plain http from the proxy: no session cookie, and no HSTS", async () => {
      const link = await emailedLink(
        database,
        behind.proxy.port,
        smtp,
        "unproxied@example.com",
        "127.0.0.2",
      );
      const signIn = await send(behind.proxy.port, { path: link, from: "127.0.0.2" });
      expect(sessionCookieOf(signIn)).toBeUndefined();
      expect(signIn.headers["set-cookie"] ?? []).toEqual([]);
      expect(signIn.headers["strict-transport-security"]).toBeUndefined();
    });

    it("takes every visitor for the proxy, so they share one rate limit", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await send(behind.proxy.port, {
          method: "POST",
          path: "/api/contact",
          from: `127.0.0.${50 + i}`,
          json: lead(i),
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    });
  });
});
