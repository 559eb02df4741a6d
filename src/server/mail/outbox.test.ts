import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  dropPostgresDatabase,
  type TestDatabase,
} from "../../../tests/support/database";
import { freePort, startServer } from "../../../tests/support/server-process";
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
  let database: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-outbox-"));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives an email the Message-ID of its row, the same each time it is sent", async () => {
    const smtp = await startSmtpSink();
    try {
      const env = { DATA_DIR: dataDir, PUBLIC_URL: "https://www.example.test" };
      const worker = (mailerEnv: Record<string, string>) =>
        createOutboxWorker({
          db: database.db,
          mailer: createMailer(loadConfig({ ...env, ...mailerEnv }), silent),
          log: silent,
        });
      await enqueueEmails(database.db, leadEmails(1));
      const [row] = await database.db.select().from(outboxEmails);
      const sendAgain = () =>
        database.db
          .update(outboxEmails)
          .set({ status: "pending", nextAttemptAt: new Date() })
          .where(eq(outboxEmails.id, row!.id));

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
    }
  });

  it("sends a sign-in link queued behind hundreds of lead emails first", async () => {
    const smtp = await startSmtpSink();
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
    }
  });

  // Well within its one-minute poll even on a busy machine: what it sends, a commit woke it for.
  it(
    "sends an email queued in a transaction once it commits, not at the next poll",
    {
      timeout: 55_000,
    },
    async () => {
      const smtp = await startSmtpSink();
      // It looks for due emails once a minute: what it sends sooner, a commit woke it for.
      const worker = createOutboxWorker({
        db: database.db,
        mailer: createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url }), silent),
        log: silent,
        pollMs: 60_000,
      });
      try {
        await database.db.delete(outboxEmails);
        const [first, second] = leadEmails(2);
        await enqueueEmails(database.db, [first!]);
        worker.start();
        await smtp.waitFor(1, 20_000);
        // Its first run is over once the email is marked sent: it now sleeps for a minute.
        while ((await database.db.select().from(outboxEmails))[0]?.status !== "sent") {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }

        await database.db.transaction(async (tx) => {
          await enqueueEmails(tx, [second!]);
          // Woken now, it would find nothing committed (on PostgreSQL: the embedded database runs
          // one transaction at a time), and sleep past this test.
          await new Promise((resolve) => setTimeout(resolve, 500));
        });
        const [, sent] = await smtp.waitFor(2, 20_000);
        expect(sent!.subject).toBe(second!.subject);
      } finally {
        await worker.stop();
        await smtp.stop();
      }
    },
  );
});

// Starts the real server process: allow for a slow, busy machine.
describe.each(databaseKinds)("a server on %s stopped with a backlog of emails", (kind) => {
  it(
    "exits 0 within 12 s of SIGTERM, and every email is either sent or due for the next start",
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-backlog-"));
      const url = kind === "postgres" ? await createPostgresDatabase() : undefined;
      const openIt = () => openDatabase(url ? { url } : { dataDir });
      const smtp = await startSmtpSink(0, { acceptDelayMs: 100 });
      const backlog = 3000;
      const database = await openIt();
      for (let i = 0; i < backlog; i += 1000) await enqueueEmails(database.db, leadEmails(1000));
      await database.close(); // The embedded database admits one process.

      const server = startServer(await freePort(), {
        DATA_DIR: dataDir,
        ...(url ? { DATABASE_URL: url } : {}),
        SMTP_URL: smtp.url,
        PUBLIC_URL: "https://www.example.test",
        LOG_LEVEL: "warn",
      });
      try {
        await smtp.waitFor(3, 60_000);
        const signalled = Date.now();
        server.child.kill("SIGTERM");
        const code = await Promise.race([
          server.exit,
          new Promise((resolve) => setTimeout(() => resolve("still running"), 12_000)),
        ]);
        expect(code, server.output()).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(12_000);

        const received = smtp.received.map((email) => email.headers["message-id"]);
        expect(new Set(received).size).toBe(received.length);
        const after = await openIt();
        const rows = await after.db.select().from(outboxEmails);
        await after.close();
        expect(rows).toHaveLength(backlog);
        const sent = rows.filter((row) => row.status === "sent");
        expect(sent.map((row) => messageIdOf(row.id)).sort()).toEqual([...received].sort());
        const unsent = rows.filter((row) => row.status !== "sent");
        expect(unsent.length).toBeGreaterThan(0);
        const checkedAt = new Date();
        for (const row of unsent) {
          expect(row).toMatchObject({ status: "pending", attempts: 0 });
          expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(checkedAt.getTime());
        }
      } finally {
        server.child.kill("SIGKILL");
        await smtp.stop();
        if (url) await dropPostgresDatabase(url);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
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
