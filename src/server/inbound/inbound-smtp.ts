import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import { brand } from "@content/site";
import { supportRecipient } from "../mail/reply-address";
import type { InboundMail, InboundOutcome } from "./inbound";
import { parseRawMail } from "./inbound-parse";
import { checkSender, type DNSResolver, type SenderCheck } from "./sender-check";

export type InboundSmtpOptions = {
  supportEmail: string;
  /** The largest message taken; larger ones get 552. */
  maxBytes: number;
  /** PEM files of a certificate for STARTTLS; unset: smtp-server's self-signed one. */
  tls: { keyFile: string; certFile: string } | undefined;
  log: FastifyBaseLogger;
  receive: (mail: InboundMail) => Promise<InboundOutcome>;
  /** Answers the DNS lookups of the sender checks (default: the system's resolver). */
  resolver?: DNSResolver | undefined;
};

/** Connections held at once; more wait at the sender, which retries (421). */
const MAX_CLIENTS = 50;
/** How long close() waits for sessions in progress before cutting them. */
const CLOSE_TIMEOUT_MS = 5_000;

/** An SMTP error with its reply code, as smtp-server sends it. */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The app's own mail listener, the MX of the support address: it takes mail for the support
 * address and its +tags only (550 for any other recipient), up to maxBytes (552), checks whether
 * its From is the sender's (SPF, DKIM, DMARC) and hands each message to `receive`. A refused
 * message gets 550 with the reason, so the sender's mail server tells them, and one that cannot
 * be read 554, as trying again would change nothing; a failure on our side (a lookup that failed
 * for now, say) gets 451, so it is tried again later.
 */
export function createInboundSmtp(options: InboundSmtpOptions) {
  const { supportEmail, maxBytes, log, receive } = options;
  let server: SMTPServer | undefined;
  let closing: Promise<void> | undefined;

  async function take(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // Past the limit the rest is read and dropped: smtp-server answers 552.
      if (length + chunk.length <= maxBytes) chunks.push(chunk);
      length += chunk.length;
    }
    if (stream.sizeExceeded || length > maxBytes) {
      throw smtpError(552, `5.3.4 Message too big: the limit is ${maxBytes} bytes`);
    }
    const raw = Buffer.concat(chunks);
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
    const mail = await parseRawMail(raw, {
      sender: mailFrom,
      recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      peer: session.remoteAddress || null,
    });
    const sender: SenderCheck = mail.unreadable
      ? { verified: false, summary: "not checked: the message cannot be read" }
      : await checkSender(
          raw,
          mail.from,
          { ip: session.remoteAddress, helo: session.hostNameAppearsAs, mailFrom },
          options.resolver,
        );
    const outcome = await receive({ ...mail, sender });
    if (outcome.outcome === "rejected") {
      throw mail.unreadable
        ? smtpError(554, `5.6.0 ${outcome.reason}`)
        : smtpError(550, `5.7.1 ${outcome.reason}`);
    }
  }

  return {
    /** The port it listens on, once listening (0 asks for any free one). */
    port: undefined as number | undefined,

    async listen(port: number, host: string): Promise<void> {
      const tls = options.tls
        ? {
            key: await readFile(options.tls.keyFile),
            cert: await readFile(options.tls.certFile),
          }
        : {};
      // Loaded when the listener starts: a server that takes no mail never loads it.
      const { SMTPServer } = await import("smtp-server");
      const listener = new SMTPServer({
        ...tls,
        banner: `${brand.name} support mail`,
        size: maxBytes,
        rejectOversized: true,
        // An MX takes mail from anyone and relays nothing: there is no one to sign in.
        authOptional: true,
        disabledCommands: ["AUTH"],
        maxClients: MAX_CLIENTS,
        closeTimeout: CLOSE_TIMEOUT_MS,
        logger: false,
        // The checks look up what they need; the client's host name is never used.
        disableReverseLookup: true,
        onRcptTo(address, _session, callback) {
          if (supportRecipient(supportEmail, address.address)) return callback();
          callback(
            smtpError(
              550,
              `5.1.1 <${address.address}>: no such mailbox here; write to ${supportEmail}`,
            ),
          );
        },
        onData(stream, session, callback) {
          take(stream, session).then(
            () => callback(),
            (error: Error & { responseCode?: number }) => {
              if (error.responseCode) return callback(error);
              log.error({ err: error }, "could not take an inbound email");
              callback(
                smtpError(451, "4.3.0 Could not take the message just now: try again later"),
              );
            },
          );
        },
      });
      listener.on("error", (error) => log.warn({ err: error }, "inbound mail listener"));
      await new Promise<void>((resolve, reject) => {
        const failed = (error: Error) => reject(error);
        listener.server.once("error", failed);
        listener.listen(port, host, () => {
          listener.server.off("error", failed);
          resolve();
        });
      });
      server = listener;
      this.port = (listener.server.address() as AddressInfo).port;
      log.info(`Receiving mail for ${supportEmail} on ${host} port ${this.port}`);
    },

    /** Takes no new connection; resolves once sessions in progress end (or are cut). */
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => (server ? server.close(resolve) : resolve()));
      return closing;
    },
  };
}

export type InboundSmtp = ReturnType<typeof createInboundSmtp>;
