import { createHash, randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type EmailReplyParser from "email-reply-parser";
import type { ParsedMail, SimpleParserOptions } from "mailparser";
import { attachmentLimits, attachmentMessages } from "@shared/schemas/ticket-attachments";
import { clientTicketPriorities } from "@shared/schemas/tickets";
import type { InboundEmailView, PostmarkInbound } from "@shared/schemas/emails";
import { recordAudit } from "../audit/audit";
import type { Config } from "../config";
import type { Db, DbExecutor } from "../db/client";
import { inboundEmails, supportTickets, users, type User } from "../db/schema";
import { findMembership } from "../team/team";
import type { AttachmentStore } from "../tickets/attachment-store";
import { saveAttachment } from "../tickets/attachments";
import { supportRecipient, ticketNotice, type TicketNotice } from "../tickets/reply-address";
import { openTicket, replyToTicket } from "../tickets/tickets";

/** The largest message taken, attachments included (the SMTP listener says so in its SIZE). */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

/** What the thread holds at most, as in the portal. */
const MAX_BODY_CHARS = 5000;
const MAX_SUBJECT_CHARS = 200;

export type InboundFile = { fileName: string; contentType: string; bytes: Buffer };

/** A received email, as the SMTP listener and the provider's webhook both hand it over. */
export type InboundMail = {
  /** The Message-ID header, or one derived from the message when it has none. */
  messageId: string;
  /** The From address, lowercase; empty when there is none. */
  from: string;
  /** Where it was delivered: the SMTP envelope's recipients, or the provider's. */
  recipients: string[];
  subject: string;
  /** The plain text, converted from the HTML part when there is no text part. */
  text: string;
  attachments: InboundFile[];
  /** Why this is a message no person wrote (an auto-reply, a bounce); undefined otherwise. */
  automatic: string | undefined;
  /** The address it came from: the sending mail server's, or the provider's. */
  peer: string | null;
};

export type InboundOutcome =
  | { outcome: "reply" | "new-ticket"; ticketId: string; note?: string }
  | { outcome: "rejected"; reason: string }
  | { outcome: "duplicate" };

export type InboundSettings = TicketNotice & { adminEmails: string[] };

export const inboundSettings = (config: Config): InboundSettings => ({
  ...ticketNotice(config),
  adminEmails: config.adminEmails,
});

export type InboundDeps = {
  db: Db;
  settings: InboundSettings;
  log: FastifyBaseLogger;
  /** Called when the mail queued emails (so the outbox sends them now). */
  onEmailsQueued: () => void;
  /** Where an accepted mail's attachments are filed, as the portal's uploads are. */
  attachments: AttachmentStore;
};

/** A decision taken on reading alone, before anything is written. */
type Decision =
  | { kind: "reply"; ticketId: string; author: User; as: { companyId: string } | "staff" }
  | { kind: "new-ticket"; author: User; companyId: string }
  | { kind: "rejected"; reason: string; ticketId?: string };

/**
 * Takes one received email: a reply to a ticket's address lands in its thread as its sender, a
 * new email from a known client to the support address opens a ticket, anything else is
 * refused. Either way one inbound_emails row says what became of it, written in the same
 * transaction as the reply or ticket: a message delivered twice (same Message-ID) counts once,
 * and a second copy of a refused one is refused again.
 */
export async function receiveInboundMail(
  deps: InboundDeps,
  received: InboundMail,
): Promise<InboundOutcome> {
  const { db, settings, log } = deps;
  // Whatever arrives is stored cleaned, never refused for a stray control character.
  const mail: InboundMail = {
    ...received,
    messageId: cleanText(received.messageId),
    from: cleanText(received.from),
    recipients: received.recipients.map(cleanText),
    subject: cleanText(received.subject),
  };
  const decision = await decide(db, settings, mail);
  const recipient = addressedTo(settings.supportEmail, mail) ?? mail.recipients[0] ?? "";
  const body = await replyText(mail.text);
  const messageId = randomUUID();

  const outcome = await db.transaction(async (tx): Promise<InboundOutcome> => {
    const [logged] = await tx
      .insert(inboundEmails)
      .values({
        messageIdHeader: mail.messageId,
        fromAddress: mail.from.slice(0, 254),
        toAddress: recipient.slice(0, 254),
        subject: mail.subject.slice(0, 998),
        outcome: decision.kind,
        reason: decision.kind === "rejected" ? decision.reason : null,
        ticketId: decision.kind === "rejected" ? (decision.ticketId ?? null) : null,
      })
      .onConflictDoNothing({ target: inboundEmails.messageIdHeader })
      .returning({ id: inboundEmails.id });
    if (!logged) return earlierOutcome(tx, mail.messageId);
    if (decision.kind === "rejected") return { outcome: "rejected", reason: decision.reason };

    const origin = { source: "email" as const, messageId };
    let ticketId: string;
    if (decision.kind === "reply") {
      const thread = await replyToTicket(
        tx,
        decision.author,
        decision.ticketId,
        { body, attachmentIds: [] },
        settings,
        decision.as,
        origin,
      );
      if (!thread) throw new Error("the ticket went away while its reply was taken");
      ticketId = thread.id;
      // As the back office's reply is: a staff answer is on the record, whichever way it came.
      if (decision.as === "staff") {
        await recordAudit(
          tx,
          { actor: decision.author, ipAddress: mail.peer },
          {
            action: "ticket.answered",
            targetType: "ticket",
            targetId: thread.id,
            companyId: thread.companyId,
            changes: { after: { reply: body, by: "email" } },
          },
        );
      }
    } else {
      const ticket = await openTicket(
        tx,
        decision.author,
        decision.companyId,
        {
          subject: ticketSubject(mail.subject),
          message: body,
          priority: defaultPriority,
          attachmentIds: [],
        },
        settings,
        origin,
      );
      ticketId = ticket.id;
    }
    const kept = await keepAttachments(tx, deps.attachments, {
      uploadedBy: decision.author.id,
      messageId,
      files: mail.attachments,
    });
    const note = kept.refused.length
      ? `Not kept: ${kept.refused.map((file) => `${file.fileName} (${file.reason})`).join("; ")}`
      : undefined;
    await tx
      .update(inboundEmails)
      .set({ ticketId, reason: note ?? null })
      .where(eq(inboundEmails.id, logged.id));
    return { outcome: decision.kind, ticketId, ...(note ? { note } : {}) };
  });

  log.info(
    {
      outcome: outcome.outcome,
      ...(outcome.outcome === "rejected" ? { reason: outcome.reason } : {}),
      ...("ticketId" in outcome ? { ticketId: outcome.ticketId } : {}),
      from: mail.from,
      to: recipient,
      messageId: mail.messageId,
    },
    outcome.outcome === "duplicate" ? "inbound email already taken" : "inbound email",
  );
  if (outcome.outcome === "reply" || outcome.outcome === "new-ticket") deps.onEmailsQueued();
  return outcome;
}

/** A new ticket by email gets the portal form's default priority. */
const defaultPriority: (typeof clientTicketPriorities)[number] = "medium";

/** The first support address the mail was delivered to, a ticket's address first. */
function addressedTo(supportEmail: string, mail: InboundMail): string | undefined {
  const ours = mail.recipients.filter((address) => supportRecipient(supportEmail, address));
  return (
    ours.find((address) => supportRecipient(supportEmail, address)?.kind === "reply") ?? ours[0]
  );
}

async function decide(db: Db, settings: InboundSettings, mail: InboundMail): Promise<Decision> {
  const address = addressedTo(settings.supportEmail, mail);
  const recipient = address ? supportRecipient(settings.supportEmail, address) : undefined;
  if (!recipient) {
    return { kind: "rejected", reason: `Not addressed to ${settings.supportEmail}.` };
  }
  let ticket: { id: string; companyId: string } | undefined;
  if (recipient.kind === "reply") {
    [ticket] = await db
      .select({ id: supportTickets.id, companyId: supportTickets.companyId })
      .from(supportTickets)
      .where(eq(supportTickets.replyToken, recipient.token.slice(0, 64)));
    if (!ticket) {
      return {
        kind: "rejected",
        reason: `No ticket has the address ${address}: reply to an email about the ticket, or write to ${settings.supportEmail} to open a new one.`,
      };
    }
  }
  const refuse = (reason: string): Decision => ({
    kind: "rejected",
    reason,
    ...(ticket ? { ticketId: ticket.id } : {}),
  });
  if (mail.automatic) {
    return refuse(`An automatic message (${mail.automatic}) is not added to tickets.`);
  }
  const [sender] = mail.from ? await db.select().from(users).where(eq(users.email, mail.from)) : [];
  const isStaff = Boolean(sender?.isAdmin && settings.adminEmails.includes(mail.from));
  const membership = sender && !isStaff ? await findMembership(db, sender.id) : undefined;

  const body = await replyText(mail.text);
  const written = (): string | undefined => {
    if (!body) {
      return "The message is empty once the quoted text and signature are taken out: write above the quoted message.";
    }
    if (body.length > MAX_BODY_CHARS) {
      return `The message is longer than ${MAX_BODY_CHARS.toLocaleString("en-US")} characters: shorten it, or write in the portal.`;
    }
    return undefined;
  };

  if (recipient.kind === "reply") {
    const as = isStaff
      ? ("staff" as const)
      : membership?.companyId === ticket!.companyId
        ? { companyId: membership.companyId }
        : undefined;
    if (!sender || !as) {
      return refuse(
        `${mail.from || "The sender"} may not reply to this ticket: only the client's team and the agency's staff can, from the address their account uses.`,
      );
    }
    const problem = written();
    return problem ? refuse(problem) : { kind: "reply", ticketId: ticket!.id, author: sender, as };
  }
  if (!sender || !membership) {
    return refuse(
      `${mail.from || "The sender"} is not a client: only a client's team can open a ticket by email, from the address their account uses.`,
    );
  }
  const problem = written();
  return problem
    ? refuse(problem)
    : { kind: "new-ticket", author: sender, companyId: membership.companyId };
}

/** What became of the first copy of a message delivered again: a refusal is refused again. */
async function earlierOutcome(db: DbExecutor, messageId: string): Promise<InboundOutcome> {
  const [first] = await db
    .select({ outcome: inboundEmails.outcome, reason: inboundEmails.reason })
    .from(inboundEmails)
    .where(eq(inboundEmails.messageIdHeader, messageId));
  return first?.outcome === "rejected"
    ? { outcome: "rejected", reason: first.reason ?? "Refused before." }
    : { outcome: "duplicate" };
}

/**
 * Files an accepted mail's attachments under its message, as the portal's uploads are filed,
 * with the same limits; a refused file is named in the inbound row and the reply still lands.
 */
export async function keepAttachments(
  db: DbExecutor,
  store: AttachmentStore,
  { uploadedBy, messageId, files }: { uploadedBy: string; messageId: string; files: InboundFile[] },
): Promise<{ kept: number; refused: { fileName: string; reason: string }[] }> {
  const refused: { fileName: string; reason: string }[] = [];
  let kept = 0;
  for (const file of files) {
    if (kept === attachmentLimits.perMessage) {
      refused.push({ fileName: file.fileName, reason: attachmentMessages.tooMany });
      continue;
    }
    const saved = await saveAttachment(db, store, {
      uploadedBy,
      fileName: file.fileName,
      bytes: file.bytes,
      messageId,
    });
    if (saved.ok) kept++;
    else refused.push({ fileName: file.fileName, reason: saved.message });
  }
  return { kept, refused };
}

/*
 * The mail parsers load with the first mail received, not at start: a server that takes no mail
 * never holds them in memory.
 */
let replyParser: EmailReplyParser | undefined;
const simpleParser = async (raw: Buffer, options: SimpleParserOptions): Promise<ParsedMail> =>
  (await import("mailparser")).simpleParser(raw, options);

/** The words of a reply: quoted text and signature taken out, control characters too. */
export async function replyText(text: string): Promise<string> {
  replyParser ??= new (await import("email-reply-parser")).default();
  return cleanText(replyParser.parseReply(text.replace(/\r\n?/g, "\n"))).trim();
}

/** A subject for a ticket opened by email: the mail's, within the portal form's bounds. */
function ticketSubject(subject: string): string {
  const clean = cleanText(subject).replace(/\s+/g, " ").trim();
  const titled = clean.length >= 5 ? clean : `Email: ${clean || "no subject"}`;
  return titled.slice(0, MAX_SUBJECT_CHARS);
}

// eslint-disable-next-line no-control-regex -- taking control characters out is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * PostgreSQL cannot store NUL, and no one means the other control characters. A lone surrogate
 * becomes U+FFFD, as a text column would store it: JSON columns (the audit log's) refuse it.
 */
function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "").replace(/\p{Cs}/gu, "\ufffd");
}

/**
 * Why a message is automatic, from its headers (RFC 3834 and the common vendor ones), or
 * undefined when a person wrote it. An auto-reply to a ticket email must not land in the thread,
 * or two autoresponders would write to each other through it.
 */
export function automaticReason(
  header: (name: string) => string | undefined,
  envelopeSender?: string,
): string | undefined {
  if (envelopeSender === "") return "a delivery report";
  const autoSubmitted = header("auto-submitted")?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== "no") return `Auto-Submitted: ${autoSubmitted}`;
  if (header("x-autoreply") || header("x-autorespond")) return "an auto-reply";
  const precedence = header("precedence")?.trim().toLowerCase();
  if (precedence && ["bulk", "junk", "list", "auto_reply"].includes(precedence)) {
    return `Precedence: ${precedence}`;
  }
  return undefined;
}

/** A received raw message (RFC 5322) as an InboundMail. */
export async function parseRawMail(
  raw: Buffer,
  envelope: { sender: string | undefined; recipients: string[]; peer: string | null },
): Promise<InboundMail> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  return {
    messageId: messageIdOf(parsed.messageId, raw),
    from: firstAddress(parsed),
    recipients: envelope.recipients,
    subject: parsed.subject ?? "",
    // mailparser converts the HTML part to text when there is no text part.
    text: parsed.text ?? "",
    attachments: parsed.attachments.map((file, i) => ({
      fileName: file.filename ?? `attachment-${i + 1}`,
      contentType: file.contentType,
      bytes: file.content,
    })),
    automatic: automaticReason((name) => headerText(parsed, name), envelope.sender),
    peer: envelope.peer,
  };
}

/** The text of an HTML-only message, converted as mailparser converts an HTML part. */
export async function htmlToText(html: string): Promise<string> {
  const parsed = await simpleParser(
    Buffer.from(`Content-Type: text/html; charset=utf-8\r\n\r\n${html}`, "utf8"),
    { skipTextToHtml: true, skipImageLinks: true },
  );
  return parsed.text ?? "";
}

/**
 * The message's own Message-ID; without one (or an absurdly long one), an id derived from the
 * message, so that a second delivery of the same bytes is still known.
 */
export function messageIdOf(header: string | undefined, raw: Buffer | string): string {
  const id = header?.trim();
  if (id && id.length <= 500) return id;
  return `<sha256-${createHash("sha256")
    .update(id && id.length > 500 ? id : raw)
    .digest("hex")}@inbound>`;
}

function firstAddress(parsed: ParsedMail): string {
  const from = parsed.from?.value[0]?.address;
  return from ? from.trim().toLowerCase() : "";
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const value = parsed.headers.get(name);
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : Array.isArray(value) ? String(value[0]) : "yes";
}

/** The latest received emails and what became of them, for staff. */
export async function listRecentInbound(db: Db, limit = 100): Promise<InboundEmailView[]> {
  const rows = await db
    .select()
    .from(inboundEmails)
    .orderBy(desc(inboundEmails.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    outcome: row.outcome as InboundEmailView["outcome"],
    reason: row.reason,
    ticketId: row.ticketId,
    receivedAt: row.createdAt.toISOString(),
  }));
}

/** An email as Postmark's inbound webhook posts it, as an InboundMail. */
export async function fromPostmark(
  payload: PostmarkInbound,
  peer: string | null,
): Promise<InboundMail> {
  const header = (name: string) =>
    payload.Headers.find((entry) => entry.Name.toLowerCase() === name)?.Value;
  return {
    // Postmark's own id stands in for a missing Message-ID: the same on each retry.
    messageId: messageIdOf(header("message-id"), `postmark:${payload.MessageID}`),
    from: payload.FromFull.Email.trim().toLowerCase(),
    recipients: [
      payload.OriginalRecipient,
      ...[...payload.ToFull, ...payload.CcFull, ...payload.BccFull].map((entry) => entry.Email),
    ].filter(Boolean),
    subject: payload.Subject,
    text: payload.TextBody || (payload.HtmlBody ? await htmlToText(payload.HtmlBody) : ""),
    attachments: payload.Attachments.map((file) => ({
      fileName: file.Name,
      contentType: file.ContentType,
      bytes: Buffer.from(file.Content, "base64"),
    })),
    automatic: automaticReason(header),
    peer,
  };
}
