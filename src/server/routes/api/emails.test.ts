import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { enqueueEmails } from "../../mail/outbox";

const staffEmail = "staff@harborline.example";
const queued = {
  kind: "sign-in-link",
  to: "client@example.com",
  subject: "Your sign-in link",
  text: "Sign in: http://127.0.0.1/api/login/email?token=abc",
  html: "<p>Sign in</p>",
} as const;

type Row = { to: string; subject: string; text?: string };

/** The staff Emails page's list, as staff read it, once the email above is queued. */
async function outboxOf(t: TestApp) {
  await enqueueEmails(t.database.db, [queued]);
  const staff = await signInAs(t, staffEmail);
  const response = await callApi(t, staff, "GET", "/api/admin/outbox");
  expect(response.statusCode).toBe(200);
  return (response.json() as Row[]).find((row) => row.to === queued.to)!;
}

describe.each(databaseKinds)("the back office's emails on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
  });
  afterAll(() => t.close());

  it("show each email's text outside production, so its links can be followed", async () => {
    const row = await outboxOf(t);
    expect(row).toMatchObject({ subject: queued.subject, text: queued.text });
  });
});

describe("the back office's emails in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      NODE_ENV: "production",
      ADMIN_EMAILS: staffEmail,
      DATABASE_URL: "postgres://unused@127.0.0.1/unused",
      SESSION_SECRET: "p".repeat(48),
      SMTP_URL: "smtp://127.0.0.1:9",
    });
  });
  afterAll(() => t.close());

  it("never carry an email's text", async () => {
    const row = await outboxOf(t);
    expect(row.subject).toBe(queued.subject);
    expect(row).not.toHaveProperty("text");
    expect(JSON.stringify(row)).not.toContain("token=");
  });
});
