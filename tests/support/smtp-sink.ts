import { SMTPServer } from "smtp-server";

export type ReceivedEmail = {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  /** The decoded text of every part, joined: enough to find links and references. */
  text: string;
  raw: string;
};

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of outgoing mail.
 * `stop()` closes it; `start()` again on the same port brings it back (for outage tests).
 * With `acceptDelayMs` it takes that long to accept each message, like a slow provider.
 */
export async function startSmtpSink(port = 0, { acceptDelayMs = 0 } = {}) {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          setTimeout(() => {
            received.push(parseEmail(raw, session.envelope));
            waiters.splice(0).forEach((wake) => wake());
            callback();
          }, acceptDelayMs);
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(boundPort, "127.0.0.1", resolve));
    boundPort = (server.server.address() as { port: number }).port;
  };
  await start();

  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    /** Resolves once `count` emails in all have arrived (or rejects after timeoutMs). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedEmail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 200));
        });
      }
      return received.slice(0, count);
    },
    /** Resolves with the first email (from index `from` on) that matches. */
    async waitForMail(
      matches: (email: ReceivedEmail) => boolean,
      from = 0,
      timeoutMs = 10_000,
    ): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(from).find(matches);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) {
          const seen = received
            .slice(from)
            .map((email) => `${email.to.join(", ")}: ${email.subject}`);
          throw new Error(
            `the expected email did not arrive; ${seen.length} others did${seen.length ? `:\n${seen.join("\n")}` : ""}`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 200));
        });
      }
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

function parseEmail(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
): ReceivedEmail {
  const headerEnd = raw.indexOf("\r\n\r\n");
  const headerText = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of headerText.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : "",
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    headers,
    subject: headers.subject ?? "",
    text: decodeQuotedPrintable(raw.slice(headerEnd + 4)),
    raw,
  };
}

/** Enough of RFC 2045 for the test's needs: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
