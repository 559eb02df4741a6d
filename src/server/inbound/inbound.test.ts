import { createHash } from "node:crypto";
import { connect } from "node:net";
import { and, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  signInAs,
  createTestApp,
  type TestApp,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { createMailDns } from "../../../tests/support/mail-dns";
import sharp from "sharp";
import type { TicketDetail } from "@shared/schemas/tickets";
import { auditEvents, inboundEmails, supportTickets, ticketMessages } from "../db/schema";

const agencyInbox = "desk@harborline.test";
const staffEmail = "avery@harborline.test";
const clientEmail = "dana@client.test";
const teammateEmail = "sam@client.test";
const otherClientEmail = "eve@other.test";
const webhookSecret = "inbound-secret-0123456789abcdef";
/** Small, so the size limit is tested without sending megabytes. */
const maxBytes = 256 * 1024;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The senders' domains let this machine's mail server (127.0.0.1) send their mail (SPF). */
const dns = createMailDns({
  "harborline.test": { spf: ["127.0.0.1"], dmarc: true },
  "client.test": { spf: ["127.0.0.1"], dmarc: true },
  "other.test": { spf: ["127.0.0.1"] },
  "elsewhere.test": { spf: ["127.0.0.1"] },
});

type Thread = Pick<TicketDetail, "status" | "messages">;

describe.each(databaseKinds)("replies by email, through the SMTP listener, on %s", (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let transport: Transporter<SMTPTransport.SentMessageInfo>;
  let client: string;
  let staff: string;
  let ticketId: string;
  let ticketAddress: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(
      kind,
      {
        SMTP_URL: sink.url,
        AGENCY_INBOX: agencyInbox,
        ADMIN_EMAILS: staffEmail,
        // Any case: addresses are compared without it.
        SUPPORT_EMAIL: "Support@Harborline.test",
        INBOUND_SMTP_PORT: "0",
        INBOUND_SMTP_HOST: "127.0.0.1",
        INBOUND_WEBHOOK_SECRET: webhookSecret,
      },
      { inbound: { maxBytes, resolver: dns.resolver } },
    );
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
    await signInAs(t, teammateEmail, { companyId: await companyOf(t, clientEmail) });
    await signInAs(t, otherClientEmail);
    // A mail server delivering to the app's MX: it takes STARTTLS without checking the name.
    transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: t.app.inboundSmtp!.port!,
      secure: false,
      tls: { rejectUnauthorized: false },
    });

    const opened = await callApi(t, client, "POST", "/api/tickets", {
      subject: "New logo on the home page",
      message: "Please put the new logo we sent on the home page.",
    });
    expect(opened.statusCode).toBe(201);
    ticketId = opened.json().id;
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId));
    ticketAddress = `support+${row!.replyToken}@harborline.test`;
  });
  afterAll(async () => {
    transport?.close();
    await t?.close();
    await sink?.stop();
  });

  /** A small PNG, as a phone's screenshot would be attached. */
  let screenshot: Buffer;
  beforeAll(async () => {
    screenshot = await sharp({
      create: { width: 40, height: 80, channels: 3, background: "#1d4ed8" },
    })
      .png()
      .toBuffer();
  });

  const thread = async (): Promise<Thread> =>
    (await callApi(t, client, "GET", `/api/tickets/${ticketId}`)).json();
  const inboundRow = async (messageId: string) =>
    (
      await t.database.db
        .select()
        .from(inboundEmails)
        .where(eq(inboundEmails.messageIdHeader, messageId))
    )[0];
  const refusal = async (send: Promise<unknown>) => {
    const error = (await send.then(
      () => undefined,
      (caught: unknown) => caught,
    )) as { responseCode?: number; response?: string } | undefined;
    expect(error, "the listener refused the message").toBeDefined();
    return { code: error!.responseCode, response: error!.response ?? "" };
  };

  it("gives every ticket email the ticket's own Reply-To", async () => {
    const mail = await sink.waitForMail(
      (email) => email.to.includes(agencyInbox) && email.subject.includes("New logo"),
    );
    expect(mail.headers["reply-to"]).toBe(ticketAddress);
    expect(mail.text).toContain("Reply to this email to answer in the ticket.");
  });

  it("adds a client's emailed reply to the thread without the quoted text, reopens and tells staff", async () => {
    const resolved = await callApi(t, staff, "PATCH", `/api/admin/tickets/${ticketId}`, {
      status: "resolved",
    });
    expect(resolved.statusCode).toBe(200);
    const from = sink.received.length;
    const sent = await transport.sendMail({
      // The account's address in another case is still the account's.
      from: "Dana <Dana@Client.test>",
      to: ticketAddress.toUpperCase(),
      subject: "Re: New logo on the home page",
      text: [
        "The logo looks blurry on phones, can you use the SVG instead?",
        "",
        "Thanks,",
        "Dana",
        "",
        "On Tue, 4 Mar 2025 at 09:12, Harborline <support@harborline.test> wrote:",
        "> Hi Dana,",
        "> We put the new logo on the home page.",
      ].join("\n"),
      attachments: [
        { filename: "phone-screenshot.png", content: screenshot, contentType: "image/png" },
        { filename: "logo.svg", content: "<svg></svg>", contentType: "image/svg+xml" },
      ],
    });
    expect(sent.response).toMatch(/^250/);

    const seen = await thread();
    expect(seen.messages).toHaveLength(2);
    const reply = seen.messages[1]!;
    expect(reply.body).toBe(
      "The logo looks blurry on phones, can you use the SVG instead?\n\nThanks,\nDana",
    );
    expect(reply.fromStaff).toBe(false);
    // A client's reply reopens a resolved ticket, as it does from the portal.
    expect(seen.status).toBe("open");
    const [stored] = await t.database.db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.fromStaff, false)))
      .orderBy(ticketMessages.createdAt)
      .offset(1);
    expect(stored?.source).toBe("email");

    const notice = await sink.waitForMail(
      (email) => email.to.includes(agencyInbox) && email.subject.startsWith("Reply from"),
      from,
    );
    expect(notice.text).toContain("can you use the SVG instead?");
    expect(notice.text).not.toContain("We put the new logo");
    expect(notice.headers["reply-to"]).toBe(ticketAddress);
    // The screenshot is filed on the reply as an upload from the portal would be; the SVG,
    // a kind tickets do not take, is named on the inbound row, and the reply still landed.
    expect(reply.attachments.map((file) => file.fileName)).toEqual(["phone-screenshot.png"]);
    const download = await callApi(
      t,
      client,
      "GET",
      `/api/tickets/attachments/${reply.attachments[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(screenshot)).toBe(true);
    const row = await inboundRow(sent.messageId);
    expect(row).toMatchObject({ outcome: "reply", ticketId, fromAddress: clientEmail });
    expect(row?.reason).toMatch(/^Not kept: logo\.svg \(/);
  });

  it("adds a staff member's emailed reply as staff's and emails the client (HTML-only mail too)", async () => {
    const from = sink.received.length;
    const sent = await transport.sendMail({
      from: `Avery <${staffEmail}>`,
      to: ticketAddress,
      subject: "Re: New logo on the home page",
      html: "<p>Done: the home page now uses the <b>SVG</b> logo.</p><p>-- <br>Avery, Harborline</p>",
    });
    expect(sent.response).toMatch(/^250/);

    const reply = (await thread()).messages.at(-1)!;
    expect(reply.body).toBe("Done: the home page now uses the SVG logo.");
    expect(reply.fromStaff).toBe(true);
    expect(reply.authorName).toMatch(/\(Harborline\)$/);

    const emailed = await sink.waitForMail(
      (email) =>
        email.to.includes(clientEmail) && email.subject === "Re: New logo on the home page",
      from,
    );
    expect(emailed.text).toContain("Done: the home page now uses the SVG logo.");
    expect(emailed.text).toContain("You can answer by replying to this email.");
    expect(emailed.headers["reply-to"]).toBe(ticketAddress);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "ticket.answered"), eq(auditEvents.targetId, ticketId)));
    expect(audited).toMatchObject({ actorEmail: staffEmail, ipAddress: "127.0.0.1" });
  });

  it("refuses a reply from anyone but the ticket's company and staff, and logs it", async () => {
    const before = (await thread()).messages.length;
    for (const stranger of [otherClientEmail, "someone@elsewhere.test"]) {
      const messageId = `<stranger-${stranger}@elsewhere.test>`;
      const { code, response } = await refusal(
        transport.sendMail({
          from: stranger,
          to: ticketAddress,
          subject: "Re: New logo on the home page",
          text: "Please also delete the contact page.",
          messageId,
        }),
      );
      expect(code).toBe(550);
      expect(response).toContain("may not reply to this ticket");
      expect(await inboundRow(messageId)).toMatchObject({
        outcome: "rejected",
        ticketId,
        fromAddress: stranger,
      });
    }
    expect((await thread()).messages).toHaveLength(before);

    // Staff see what was refused, and why, beside the emails sent.
    const received = await callApi(t, staff, "GET", "/api/admin/inbound-emails");
    expect(received.statusCode).toBe(200);
    expect(received.json()).toContainEqual(
      expect.objectContaining({
        from: "someone@elsewhere.test",
        to: ticketAddress,
        outcome: "rejected",
        reason: expect.stringContaining("may not reply to this ticket"),
      }),
    );
    expect((await callApi(t, client, "GET", "/api/admin/inbound-emails")).statusCode).toBe(403);
  });

  it("refuses an unknown ticket address, an empty reply and an auto-reply", async () => {
    const before = (await thread()).messages.length;
    const unknown = await refusal(
      transport.sendMail({
        from: clientEmail,
        to: "support+0123456789abcdef0123456789abcdef@harborline.test",
        subject: "Re: an old ticket",
        text: "Is this still being looked at?",
      }),
    );
    expect(unknown.code).toBe(550);
    expect(unknown.response).toContain("No ticket has the address");

    const empty = await refusal(
      transport.sendMail({
        from: clientEmail,
        to: ticketAddress,
        subject: "Re: New logo on the home page",
        text: "On Tue, 4 Mar 2025 at 09:12, Harborline wrote:\n> Done: the home page now uses the SVG logo.\n",
      }),
    );
    expect(empty.code).toBe(550);
    expect(empty.response).toContain("empty once the quoted text");

    const automatic = await refusal(
      transport.sendMail({
        from: clientEmail,
        to: ticketAddress,
        subject: "Out of office",
        text: "I am away until Monday.",
        headers: { "Auto-Submitted": "auto-replied" },
      }),
    );
    expect(automatic.code).toBe(550);
    expect(automatic.response).toContain("automatic message");
    expect((await thread()).messages).toHaveLength(before);
  });

  it("counts a message delivered twice once, by its Message-ID or, without one, its bytes", async () => {
    const before = (await thread()).messages.length;
    const twice = {
      from: clientEmail,
      to: ticketAddress,
      subject: "Re: New logo on the home page",
      text: "Perfect, thank you!",
      messageId: "<twice-1@client.test>",
    };
    expect((await transport.sendMail(twice)).response).toMatch(/^250/);
    expect((await transport.sendMail(twice)).response).toMatch(/^250/);
    const raw = [
      `From: ${clientEmail}`,
      `To: ${ticketAddress}`,
      "Subject: Re: New logo on the home page",
      "",
      "One more thing: the favicon is still the old one.",
      "",
    ].join("\r\n");
    const envelope = { from: clientEmail, to: [ticketAddress] };
    expect((await transport.sendMail({ envelope, raw })).response).toMatch(/^250/);
    expect((await transport.sendMail({ envelope, raw })).response).toMatch(/^250/);

    const bodies = (await thread()).messages.slice(before).map((message) => message.body);
    expect(bodies).toEqual([
      "Perfect, thank you!",
      "One more thing: the favicon is still the old one.",
    ]);
    const rows = await t.database.db
      .select()
      .from(inboundEmails)
      .where(eq(inboundEmails.messageIdHeader, twice.messageId));
    expect(rows).toHaveLength(1);
  });

  it("opens a ticket for a known client's new email to the support address, and refuses others'", async () => {
    const from = sink.received.length;
    const sent = await transport.sendMail({
      from: `Sam <${teammateEmail}>`,
      to: "support@harborline.test",
      subject: "Contact form sends nothing",
      text: "The contact form on our site says sent, but no email arrives.\n\n-- \nSam\nClient Co.",
    });
    expect(sent.response).toMatch(/^250/);
    // The whole company sees it, as a ticket opened in the portal.
    const tickets = (await callApi(t, client, "GET", "/api/tickets")).json() as {
      id: string;
      subject: string;
      priority: string;
    }[];
    const opened = tickets.find((ticket) => ticket.subject === "Contact form sends nothing");
    expect(opened).toMatchObject({ priority: "medium" });
    const detail = (await callApi(t, client, "GET", `/api/tickets/${opened!.id}`)).json() as Thread;
    expect(detail.messages.map((message) => message.body)).toEqual([
      "The contact form on our site says sent, but no email arrives.",
    ]);
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, opened!.id));
    const notice = await sink.waitForMail(
      (email) =>
        email.to.includes(agencyInbox) && email.subject.includes("Contact form sends nothing"),
      from,
    );
    expect(notice.headers["reply-to"]).toBe(`support+${row!.replyToken}@harborline.test`);
    expect(await inboundRow(sent.messageId)).toMatchObject({
      outcome: "new-ticket",
      ticketId: opened!.id,
    });

    for (const sender of [staffEmail, "newcomer@elsewhere.test"]) {
      const { code, response } = await refusal(
        transport.sendMail({
          from: sender,
          to: "support@harborline.test",
          subject: "Hello there",
          text: "Can you build us a website?",
        }),
      );
      expect(code).toBe(550);
      expect(response).toContain("is not a client");
    }
  });

  it("answers 550 to other recipients and 552 to a message over the size limit", async () => {
    const elsewhere = await refusal(
      transport.sendMail({
        from: clientEmail,
        to: "sales@harborline.test",
        subject: "Hi",
        text: "Anyone there?",
      }),
    );
    expect(elsewhere.code).toBe(550);
    expect(elsewhere.response).toContain("no such mailbox");

    const before = (await thread()).messages.length;
    const big = await refusal(
      transport.sendMail({
        from: clientEmail,
        to: ticketAddress,
        subject: "Re: New logo on the home page",
        text: "The full-size photos for the gallery.",
        attachments: [{ filename: "photos.zip", content: Buffer.alloc(maxBytes + 1024, 7) }],
      }),
    );
    expect(big.code).toBe(552);
    expect((await thread()).messages).toHaveLength(before);
  });

  it("takes Postmark's inbound webhook with the shared secret only", async () => {
    const payload = {
      FromFull: { Email: clientEmail, Name: "Dana" },
      ToFull: [{ Email: ticketAddress, Name: "" }],
      OriginalRecipient: ticketAddress,
      Subject: "Re: New logo on the home page",
      MessageID: "6a3cbd0e-2f67-4b3c-9d1e-6f0c3c9b7a11",
      TextBody: "Sent through the provider.\n\nOn Tue, Harborline wrote:\n> Done.",
      HtmlBody: "",
      Headers: [{ Name: "Message-ID", Value: "<via-postmark@client.test>" }],
      Attachments: [],
    };
    const post = (authorization: string | undefined, body: unknown = payload) =>
      t.app.inject({
        method: "POST",
        url: "/api/inbound/postmark",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        payload: JSON.stringify(body),
      });
    const basic = (password: string) =>
      `Basic ${Buffer.from(`inbound:${password}`).toString("base64")}`;

    const before = (await thread()).messages.length;
    for (const wrong of [undefined, basic("not-the-secret-at-all-000000"), "Bearer x"]) {
      const refused = await post(wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toContain("INBOUND_WEBHOOK_SECRET");
    }
    const malformed = await post(basic(webhookSecret), { ...payload, MessageID: 7 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("MessageID must be Postmark's id of the message");
    expect((await thread()).messages).toHaveLength(before);

    const taken = await post(basic(webhookSecret));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ outcome: "reply", ticketId });
    expect((await post(basic(webhookSecret))).json()).toEqual({ outcome: "duplicate" });
    const added = (await thread()).messages.slice(before);
    expect(added.map((message) => message.body)).toEqual(["Sent through the provider."]);

    const stranger = await post(basic(webhookSecret), {
      ...payload,
      FromFull: { Email: "some\u0000one@elsewhere.test" },
      // A stray control character is taken out, not a reason to lose the email.
      Subject: "Re: New logo\u0000 on the home page",
      MessageID: "b1f0",
      Headers: [],
    });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ outcome: "rejected" });
    expect(await inboundRow("<sha256-" + sha256("postmark:b1f0") + "@inbound>")).toMatchObject({
      fromAddress: "someone@elsewhere.test",
      subject: "Re: New logo on the home page",
      outcome: "rejected",
    });
    expect((await thread()).messages).toHaveLength(before + 1);
  });
});

describe("the inbound SMTP listener's lifecycle", () => {
  /** The first line the server at this port says, or the connection's error code. */
  const greeting = (port: number) =>
    new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("data", (data) => {
        resolve(data.toString("utf8").trim());
        socket.destroy();
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });

  it("listens once the app is ready, and closing the app closes it", async () => {
    const t = await createTestApp("pglite", {
      INBOUND_SMTP_PORT: "0",
      INBOUND_SMTP_HOST: "127.0.0.1",
    });
    const port = t.app.inboundSmtp!.port!;
    expect(await greeting(port)).toMatch(/^220 .*Harborline support mail/);
    await t.close();
    expect(await greeting(port)).toBe("ECONNREFUSED");
  });
});
