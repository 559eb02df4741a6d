import { and, eq, like } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketDetail } from "@shared/schemas/tickets";
import { callApi, companyOf, createTestApp, signInAs } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { createMailDns } from "../../../tests/support/mail-dns";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { inboundEmails, supportTickets } from "../db/schema";

const staffEmail = "avery@harborline.test";
const clientEmail = "dana@client.test";
const strangerEmail = "someone@elsewhere.test";

/**
 * Two mail servers on this machine: the client's and the agency's own (127.0.0.1), which their
 * domains name in SPF, and anyone else's (127.0.0.2): a mailing list that forwards signed mail,
 * or a forger.
 */
const OWN_SERVER = "127.0.0.1";
const OTHER_SERVER = "127.0.0.2";
const dns = createMailDns({
  "harborline.test": { spf: [OWN_SERVER], dmarc: true },
  "client.test": { spf: [OWN_SERVER], dmarc: true },
  "elsewhere.test": { spf: [OWN_SERVER] },
  "lists.test": { spf: [OTHER_SERVER] },
  "evil.test": { spf: [OTHER_SERVER], dmarc: true },
});

type Thread = Pick<TicketDetail, "messages">;
/** The listener's answer: its code and line. */
type Sent = { code: number; response: string };

/** The app receiving mail, a client with a ticket, and a way to deliver raw mail to it. */
async function receivingApp(kind: (typeof databaseKinds)[number], env: NodeJS.ProcessEnv = {}) {
  const sink = await startSmtpSink();
  const t = await createTestApp(
    kind,
    {
      SMTP_URL: sink.url,
      ADMIN_EMAILS: staffEmail,
      SUPPORT_EMAIL: "support@harborline.test",
      INBOUND_SMTP_PORT: "0",
      INBOUND_SMTP_HOST: "127.0.0.1",
      ...env,
    },
    { inbound: { resolver: dns.resolver } },
  );
  const staff = await signInAs(t, staffEmail);
  const client = await signInAs(t, clientEmail);
  await signInAs(t, strangerEmail);
  expect(await companyOf(t, clientEmail)).toBeTruthy();
  const opened = await callApi(t, client, "POST", "/api/tickets", {
    subject: "Invoice question",
    message: "Which account should we pay the March invoice to?",
  });
  expect(opened.statusCode).toBe(201);
  const ticketId: string = opened.json().id;
  const [row] = await t.database.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  const transports = new Map(
    [OWN_SERVER, OTHER_SERVER].map((localAddress) => [
      localAddress,
      nodemailer.createTransport({
        host: "127.0.0.1",
        port: t.app.inboundSmtp!.port!,
        secure: false,
        localAddress,
        tls: { rejectUnauthorized: false },
      }),
    ]),
  );
  return {
    t,
    sink,
    staff,
    client,
    ticketId,
    ticketAddress: `support+${row!.replyToken}@harborline.test`,
    /** Delivers raw mail from a server, and gives the listener's answer. */
    async deliver(server: string, mailFrom: string, to: string, raw: string): Promise<Sent> {
      return transports
        .get(server)!
        .sendMail({ envelope: { from: mailFrom, to: [to] }, raw })
        .then(
          (sent) => ({ code: Number(sent.response.slice(0, 3)), response: sent.response }),
          (error: { responseCode: number; response: string }) => ({
            code: error.responseCode,
            response: error.response,
          }),
        );
    },
    thread: async (): Promise<Thread> =>
      (await callApi(t, staff, "GET", `/api/admin/tickets/${ticketId}`)).json(),
    inboundRows: (messageId: string) =>
      t.database.db
        .select()
        .from(inboundEmails)
        .where(eq(inboundEmails.messageIdHeader, messageId))
        .orderBy(inboundEmails.createdAt),
    async close() {
      for (const transport of transports.values()) transport.close();
      await t.close();
      await sink.stop();
    },
  };
}

let sequence = 0;
/** A plain-text email as a mail program writes it. */
function email(from: string, to: string, text: string, messageId = `<m${++sequence}@test>`) {
  const raw = [
    `From: ${from}`,
    `To: ${to}`,
    "Subject: Re: Invoice question",
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
  ].join("\r\n");
  return { raw, messageId };
}

describe.each(databaseKinds)("who sent a received email, on %s", (kind) => {
  let app: Awaited<ReturnType<typeof receivingApp>>;
  beforeAll(async () => {
    app = await receivingApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("takes a message whose DKIM signature matches its From as the client's or staff's, even forwarded", async () => {
    const before = (await app.thread()).messages.length;
    // A mailing list relays it: SPF is the list's, the signature is still the sender's.
    const fromClient = email(clientEmail, app.ticketAddress, "To the account on the invoice.");
    const client = await app.deliver(
      OTHER_SERVER,
      "bounces@lists.test",
      app.ticketAddress,
      await dns.sign(fromClient.raw, "client.test"),
    );
    expect(client.code).toBe(250);
    const mailed = app.sink.received.length;
    const fromStaff = email(`Avery <${staffEmail}>`, app.ticketAddress, "Thanks, it arrived.");
    const staff = await app.deliver(
      OTHER_SERVER,
      "bounces@lists.test",
      app.ticketAddress,
      await dns.sign(fromStaff.raw, "harborline.test"),
    );
    expect(staff.code).toBe(250);

    const added = (await app.thread()).messages.slice(before);
    expect(added).toMatchObject([
      { body: "To the account on the invoice.", fromStaff: false, unverifiedSender: false },
      { body: "Thanks, it arrived.", fromStaff: true, unverifiedSender: false },
    ]);
    await app.sink.waitForMail(
      (sent) => sent.to.includes(clientEmail) && sent.text.includes("Thanks, it arrived."),
      mailed,
    );
    expect(await app.inboundRows(fromStaff.messageId)).toMatchObject([
      { outcome: "reply", senderVerified: true },
    ]);
  });

  it("refuses a forged staff From, never posting it as staff's nor emailing it to the client", async () => {
    const before = (await app.thread()).messages.length;
    const mailed = app.sink.received.length;
    const forgeries: { mailFrom: string; raw: string; messageId: string; sign?: string }[] = [
      // Unsigned, from a server the agency's domain does not name.
      {
        mailFrom: staffEmail,
        ...email(`Avery <${staffEmail}>`, app.ticketAddress, "Please pay to account 123."),
      },
      // Signed and SPF-approved, but by the forger's own domain.
      {
        mailFrom: "avery@evil.test",
        ...email(`Avery <${staffEmail}>`, app.ticketAddress, "Please pay to account 123."),
        sign: "evil.test",
      },
    ];
    for (const forged of forgeries) {
      const raw = forged.sign ? await dns.sign(forged.raw, forged.sign) : forged.raw;
      const answer = await app.deliver(OTHER_SERVER, forged.mailFrom, app.ticketAddress, raw);
      expect(answer.code).toBe(550);
      expect(answer.response).toContain("The sender could not be verified");
      expect(await app.inboundRows(forged.messageId)).toMatchObject([
        { outcome: "rejected", senderVerified: false, ticketId: app.ticketId },
      ]);
    }
    expect((await app.thread()).messages).toHaveLength(before);
    // The outbox is woken by anything queued; give it a moment, then nothing went to the client.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      app.sink.received.slice(mailed).filter((sent) => sent.text.includes("account 123")),
    ).toEqual([]);
  });

  it("refuses a forged client From, as a reply and as a new ticket", async () => {
    const before = (await app.thread()).messages.length;
    const tickets = (await callApi(app.t, app.client, "GET", "/api/tickets")).json().length;
    for (const to of [app.ticketAddress, "support@harborline.test"]) {
      const forged = email(clientEmail, to, "Our bank details changed: use account 123.");
      const answer = await app.deliver(OTHER_SERVER, clientEmail, to, forged.raw);
      expect(answer.code).toBe(550);
      expect(answer.response).toContain("The sender could not be verified");
    }
    expect((await app.thread()).messages).toHaveLength(before);
    expect((await callApi(app.t, app.client, "GET", "/api/tickets")).json()).toHaveLength(tickets);
  });

  it("answers 554 to a message that can never be read, and logs it", async () => {
    // 1,000 multiparts, each inside the last.
    const depth = 1000;
    const parts: string[] = [];
    for (let i = 0; i < depth; i++) {
      if (i > 0) parts.push(`--b${i - 1}`);
      parts.push(`Content-Type: multipart/mixed; boundary="b${i}"`, "");
    }
    parts.push(`--b${depth - 1}`, "Content-Type: text/plain", "", "Deep down.");
    for (let i = depth - 1; i >= 0; i--) parts.push(`--b${i}--`);
    const raw = [
      `From: ${clientEmail}`,
      `To: ${app.ticketAddress}`,
      "Subject: Nested",
      "MIME-Version: 1.0",
      ...parts,
      "",
    ].join("\r\n");
    const before = (await app.thread()).messages.length;
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await app.deliver(OWN_SERVER, clientEmail, app.ticketAddress, raw);
      expect(answer.code).toBe(554);
      expect(answer.response).toContain("The message cannot be read");
    }
    const logged = await app.t.database.db
      .select()
      .from(inboundEmails)
      .where(
        and(
          eq(inboundEmails.fromAddress, clientEmail),
          like(inboundEmails.reason, "The message cannot be read%"),
        ),
      );
    expect(logged).toMatchObject([
      { outcome: "rejected", toAddress: app.ticketAddress, ticketId: app.ticketId },
      { outcome: "rejected", toAddress: app.ticketAddress, ticketId: app.ticketId },
    ]);
    expect((await app.thread()).messages).toHaveLength(before);
  });

  it("takes a genuine reply whose Message-ID a refused stranger sent first, and its second copy once", async () => {
    const before = (await app.thread()).messages.length;
    const messageId = "<reply-7@client.test>";
    const stranger = email(strangerEmail, app.ticketAddress, "Ignore the invoice.", messageId);
    const refused = await app.deliver(OWN_SERVER, strangerEmail, app.ticketAddress, stranger.raw);
    expect(refused.code).toBe(550);
    expect(refused.response).toContain("may not reply to this ticket");

    const genuine = email(clientEmail, app.ticketAddress, "Paid today.", messageId);
    for (let copy = 0; copy < 2; copy++) {
      expect(
        (await app.deliver(OWN_SERVER, clientEmail, app.ticketAddress, genuine.raw)).code,
      ).toBe(250);
    }
    expect((await app.thread()).messages.slice(before).map((message) => message.body)).toEqual([
      "Paid today.",
    ]);
    expect((await app.inboundRows(messageId)).map((row) => [row.fromAddress, row.outcome])).toEqual(
      [
        [strangerEmail, "rejected"],
        [clientEmail, "reply"],
      ],
    );
  });
});

describe.each(databaseKinds)("with INBOUND_UNVERIFIED=mark, on %s", (kind) => {
  let app: Awaited<ReturnType<typeof receivingApp>>;
  beforeAll(async () => {
    app = await receivingApp(kind, { INBOUND_UNVERIFIED: "mark" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("files a forged client From marked as from an unverified sender, and a forged staff From not at all", async () => {
    const before = (await app.thread()).messages.length;
    const messageId = "<same-id@client.test>";
    const forged = email(clientEmail, app.ticketAddress, "Use account 123 from now on.", messageId);
    expect((await app.deliver(OTHER_SERVER, clientEmail, app.ticketAddress, forged.raw)).code).toBe(
      250,
    );
    const staffForged = email(staffEmail, app.ticketAddress, "Please pay to account 123.");
    const refused = await app.deliver(OTHER_SERVER, staffEmail, app.ticketAddress, staffForged.raw);
    expect(refused.code).toBe(550);
    expect(refused.response).toContain("may not reply to this ticket");
    // The genuine message with the same Message-ID is not taken for a copy of the forged one.
    const genuine = email(clientEmail, app.ticketAddress, "We pay as before.", messageId);
    expect((await app.deliver(OWN_SERVER, clientEmail, app.ticketAddress, genuine.raw)).code).toBe(
      250,
    );

    const added = (await app.thread()).messages.slice(before);
    expect(added).toMatchObject([
      { body: "Use account 123 from now on.", fromStaff: false, unverifiedSender: true },
      { body: "We pay as before.", fromStaff: false, unverifiedSender: false },
    ]);
    expect((await app.inboundRows(messageId)).map((row) => row.reason)).toEqual([
      expect.stringMatching(/^Unverified sender \(DMARC fail/),
      null,
    ]);

    // A forged new ticket opens, its first message marked.
    const opening = email(clientEmail, "support@harborline.test", "Send the invoice to me.");
    expect(
      (await app.deliver(OTHER_SERVER, clientEmail, "support@harborline.test", opening.raw)).code,
    ).toBe(250);
    const [row] = await app.inboundRows(opening.messageId);
    const opened = (
      await callApi(app.t, app.staff, "GET", `/api/admin/tickets/${row!.ticketId}`)
    ).json() as Thread;
    expect(opened.messages).toMatchObject([{ fromStaff: false, unverifiedSender: true }]);
  });
});
