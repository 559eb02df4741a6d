import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../../../tests/support/database";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { outboxEmails } from "../db/schema";
import { createMailer } from "./mailer";
import { createOutboxWorker, enqueueEmails } from "./outbox";

const silent = { info() {}, warn() {}, error() {} } as never;

describe.runIf(process.env.TEST_DATABASE_URL)("the outbox on one PostgreSQL", () => {
  it("sends each queued email exactly once when two server instances work it", async () => {
    const url = await createPostgresDatabase();
    const smtp = await startSmtpSink();
    const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-outbox-"));
    const [a, b] = [await openDatabase({ url }), await openDatabase({ url })];
    try {
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      const emails = Array.from({ length: 30 }, (_, i) => ({
        kind: "lead-acknowledgement" as const,
        to: `client${i}@example.com`,
        subject: `Message ${i}`,
        text: `Body ${i}`,
        html: `<p>Body ${i}</p>`,
      }));
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
