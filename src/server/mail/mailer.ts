import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

export type Mailer = {
  send(email: Email): Promise<void>;
  close(): void;
};

/**
 * Sends through SMTP_URL; without it (evaluation, development) each message is written as an
 * .eml file to DATA_DIR/outbox/ and a line is logged, so nothing is lost and nothing leaves.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail({ from: config.mailFrom, ...email });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (email) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...email });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`,
      );
      await mkdir(outbox, { recursive: true });
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: email.to, subject: email.subject, file },
        "email written to the outbox folder",
      );
    },
    close: () => transport.close(),
  };
}
