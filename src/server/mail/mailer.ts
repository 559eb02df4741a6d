import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import { emailSignInPath } from "@shared/deep-links";
import type { Config } from "../config";
import type { EmailAttachment } from "../db/schema";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Files it carries (an invoice's PDF). */
  attachments?: EmailAttachment[];
  /** A list email's one-click unsubscribe address (RFC 8058). */
  listUnsubscribe?: string;
};

/** An email as the outbox hands it over: `id` is its outbox row's. */
export type OutgoingEmail = Email & { id: string };

export type Mailer = {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** The sign-in links in an email's text: whole, as the recipient would follow them. */
export function signInLinksIn(text: string, publicUrl: string): string[] {
  const prefix = `${publicUrl}${emailSignInPath("")}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.match(new RegExp(`${prefix}[\\w-]+`, "g")) ?? [];
}

/**
 * Sends through SMTP_URL; without it (evaluation, development) each message is written as an
 * .eml file to DATA_DIR/outbox/ and a line is logged, so nothing is lost and nothing leaves.
 * Outside production each sign-in link it carries is logged too, whole on one line, so an
 * evaluator can sign in from the log.
 *
 * Each message carries a Message-ID made from its outbox row, `<row id@host of PUBLIC_URL>`, the
 * same on every try: delivery is at least once, and a receiver can drop a second copy by it.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const host = new URL(config.publicUrl).hostname;
  const message = ({ id, attachments, listUnsubscribe, ...email }: OutgoingEmail) => ({
    from: config.mailFrom,
    messageId: `<${id}@${host}>`,
    ...email,
    ...(listUnsubscribe
      ? {
          headers: {
            "List-Unsubscribe": `<${listUnsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
    ...(attachments
      ? {
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.contentBase64,
            encoding: "base64",
          })),
        }
      : {}),
  });

  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      send: async (email) => {
        await (await transport.get()).sendMail(message(email));
      },
      close: transport.close,
    };
  }

  const outbox = path.join(config.dataDir, "outbox");
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    send: async (email) => {
      const info = await (await transport.get()).sendMail(message(email));
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
      if (!config.isProduction) {
        for (const link of signInLinksIn(email.text, config.publicUrl)) {
          log.info(`sign-in link for ${email.to}: ${link}`);
        }
      }
    },
    close: transport.close,
  };
}

/**
 * A transport made at the first email: nodemailer is loaded then, not while the server starts.
 */
function lazyTransport<T extends Transporter>(
  create: (nodemailer: typeof import("nodemailer").default) => T,
) {
  let made: Promise<T> | undefined;
  return {
    get: () => (made ??= import("nodemailer").then((module) => create(module.default))),
    close: () => void made?.then((transport) => transport.close()),
  };
}
