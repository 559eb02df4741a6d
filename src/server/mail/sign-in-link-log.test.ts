import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { loadConfig } from "../config";
import { users } from "../db/schema";
import { createMailer } from "./mailer";

const signInLine = /^sign-in link for (\S+): (\S+)$/;

describe.each(databaseKinds)("sign-in links in the log without SMTP on %s", (kind) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { PUBLIC_URL: "http://127.0.0.1:5251" },
      { logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } } },
    );
  });
  afterAll(() => t.close());

  it("prints each sign-in link whole, on one line, and the link signs in", async () => {
    const email = "evaluator@example.com";
    await t.database.db.insert(users).values({ email });
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/login/email",
      payload: { email },
    });
    expect(asked.statusCode).toBe(202);

    let message: string | undefined;
    await expect
      .poll(
        () => {
          message = lines
            .map((line) => JSON.parse(line) as { msg?: string })
            .map((entry) => entry.msg ?? "")
            .find((msg) => signInLine.test(msg));
          return message;
        },
        { timeout: 10_000 },
      )
      .toBeDefined();
    // One log line per entry: the link sits whole on it.
    expect(lines.find((line) => line.includes("sign-in link for"))!.trimEnd()).not.toMatch(/\n/);
    const [, to, link] = message!.match(signInLine)!;
    expect(to).toBe(email);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5251\/api\/login\/email\?token=[\w-]{43}$/);

    const url = new URL(link!);
    const signedIn = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe("/dashboard");
  });
});

describe("sign-in links in a production log", () => {
  it("are never printed, even with no SMTP server", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-mailer-"));
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://harborline.example",
      DATABASE_URL: "postgres://unused@127.0.0.1/unused",
      SESSION_SECRET: "p".repeat(48),
      // Sign-in by a provider: no SMTP is needed, and invitations still carry links.
      OIDC_ISSUER_URL: "https://id.example",
      OIDC_CLIENT_ID: "harborline",
      OIDC_CLIENT_SECRET: "secret",
    };
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => void logged.push(args) } as never;
    const email = {
      id: "00000000-0000-4000-8000-000000000001",
      to: "client@example.com",
      subject: "Your portal",
      text: "Open: https://harborline.example/api/login/email?token=abc_DEF-123",
      html: "<p>Open</p>",
    };
    try {
      const production = createMailer(loadConfig({ ...env, NODE_ENV: "production" }), log);
      await production.send(email);
      production.close();
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged)).not.toContain("token=");

      const evaluation = createMailer(loadConfig({ ...env, NODE_ENV: "development" }), log);
      await evaluation.send(email);
      evaluation.close();
      expect(logged.at(-1)).toEqual([
        "sign-in link for client@example.com: https://harborline.example/api/login/email?token=abc_DEF-123",
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
