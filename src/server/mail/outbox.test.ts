import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  dropPostgresDatabase,
} from "../../../tests/support/database";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { outboxEmails } from "../db/schema";
import { createMailer } from "./mailer";
import { createOutboxWorker, enqueueEmails, type QueuedEmail } from "./outbox";

const silent = { info() {}, warn() {}, error() {} } as never;

const leadEmails = (count: number): QueuedEmail[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: "lead-acknowledgement",
    to: `client${i}@example.com`,
    subject: `Message ${i}`,
    text: `Body ${i}`,
    html: `<p>Body ${i}</p>`,
  }));

/** The documented Message-ID of an outbox row when PUBLIC_URL is https://www.example.test. */
const messageIdOf = (rowId: string) => `<${rowId}@www.example.test>`;

describe.each(databaseKinds)("the outbox on %s", (kind) => {
  it("gives an email the Message-ID of its row, the same each time it is sent", async () => {
    const database = await createTestDatabase(kind);
    const smtp = await startSmtpSink();
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-outbox-"));
    try {
      const env = { DATA_DIR: dataDir, PUBLIC_URL: "https://www.example.test" };
      const worker = (mailerEnv: Record<string, string>) =>
        createOutboxWorker({
          db: database.db,
          mailer: createMailer(loadConfig({ ...env, ...mailerEnv }), silent),
          log: silent,
        });
      const sendAgain = () =>
        database.db.update(outboxEmails).set({ status: "pending", nextAttemptAt: new Date() });
      await enqueueEmails(database.db, leadEmails(1));
      const [row] = await database.db.select().from(outboxEmails);

      // Sent, then (as when marking it sent failed and its lease ran out) sent again.
      expect(await worker({ SMTP_URL: smtp.url }).runOnce()).toBe(1);
      await sendAgain();
      expect(await worker({ SMTP_URL: smtp.url }).runOnce()).toBe(1);
      const copies = await smtp.waitFor(2);
      expect(copies.map((email) => email.headers["message-id"])).toEqual([
        messageIdOf(row!.id),
        messageIdOf(row!.id),
      ]);

      // Without SMTP_URL, the .eml file in the outbox folder carries the same Message-ID.
      await sendAgain();
      expect(await worker({}).runOnce()).toBe(1);
      const [file] = readdirSync(path.join(dataDir, "outbox"));
      const eml = readFileSync(path.join(dataDir, "outbox", file!), "utf8");
      expect(eml).toContain(`\r\nMessage-ID: ${messageIdOf(row!.id)}\r\n`);
    } finally {
      await smtp.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sends a sign-in link queued behind hundreds of lead emails first", async () => {
    const database = await createTestDatabase(kind);
    const smtp = await startSmtpSink();
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-outbox-"));
    try {
      await enqueueEmails(database.db, leadEmails(300));
      await enqueueEmails(database.db, [
        {
          kind: "sign-in-link",
          to: "client@example.com",
          subject: "Your sign-in link",
          text: "Sign in: https://www.example.test/api/login/email?token=t",
          html: "<p>Sign in</p>",
        },
      ]);
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      const worker = createOutboxWorker({
        db: database.db,
        mailer: createMailer(config, silent),
        log: silent,
      });
      worker.start();
      const [first] = await smtp.waitFor(1);
      await worker.stop();
      expect(first!.subject).toBe("Your sign-in link");
    } finally {
      await smtp.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the outbox on one PostgreSQL", () => {
  it("sends each queued email exactly once when two server instances work it", async () => {
    const url = await createPostgresDatabase();
    const smtp = await startSmtpSink();
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-outbox-"));
    const [a, b] = [await openDatabase({ url }), await openDatabase({ url })];
    try {
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      const emails = leadEmails(30);
      await enqueueEmails(a.db, emails);

      const workers = [a, b].map((database) =>
        createOutboxWorker({
          db: database.db,
          mailer: createMailer(config, silent),
          log: silent,
        }),
      );
      const sent = await Promise.all(
        workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]),
      );
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(30);

      await smtp.waitFor(30);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const subjects = smtp.received.map((mail) => mail.subject).sort();
      expect(subjects).toEqual(emails.map((email) => email.subject).sort());
      const rows = await a.db.select().from(outboxEmails);
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await smtp.stop();
      await dropPostgresDatabase(url);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
