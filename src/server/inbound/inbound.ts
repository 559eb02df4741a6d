import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type EmailReplyParser from "email-reply-parser";
import { attachmentLimits, attachmentMessages } from "@shared/schemas/ticket-attachments";
import { clientTicketPriorities } from "@shared/schemas/tickets";
import type { InboundEmailView } from "@shared/schemas/emails";
import { recordAudit } from "../audit/audit";
import type { Config } from "../config";
import type { Db, DbExecutor } from "../db/client";
import { inboundEmails, supportTickets, users, type User } from "../db/schema";
import { findMembership } from "../team/team";
import type { AttachmentStore } from "../tickets/attachment-store";
import { saveAttachment } from "../tickets/attachments";
import { supportRecipient } from "../mail/reply-address";
import { ticketNotice, type TicketNotice } from "../notices/ticket-notices";
import { openTicket, replyToTicket } from "../tickets/tickets";
import type { InboundFile, InboundMail } from "./inbound-parse";

export type { InboundFile, InboundMail };

/** The largest message taken, attachments included (the SMTP listener says so in its SIZE). */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

/** What the thread holds at most, as in the portal. */
const MAX_BODY_CHARS = 5000;
const MAX_SUBJECT_CHARS = 200;

export type InboundOutcome =
  | { outcome: "reply" | "new-ticket"; ticketId: string; note?: string }
  | { outcome: "rejected"; reason: string }
  | { outcome: "duplicate" };

export type InboundSettings = TicketNotice & {
  adminEmails: string[];
  /** Mail whose sender is not verified: refused, or filed as a client's with a mark. */
  unverified: Config["inbound"]["unverified"];
};

export const inboundSettings = (config: Config): InboundSettings => ({
  ...ticketNotice(config),
  adminEmails: config.adminEmails,
  unverified: config.inbound.unverified,
});

export type InboundDeps = {
  db: Db;
  settings: InboundSettings;
  log: FastifyBaseLogger;
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
 * transaction as the reply or ticket. A message taken is known by its sender and Message-ID, so a
 * second copy counts once; a refused one reserves nothing, so no one can block a genuine message
 * by sending its Message-ID first, and a second copy of it is decided (and refused) again.
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
    const row = {
      messageIdHeader: mail.messageId,
      fromAddress: mail.from.slice(0, 254),
      senderVerified: mail.sender.verified,
      toAddress: recipient.slice(0, 254),
      subject: mail.subject.slice(0, 998),
      outcome: decision.kind,
      reason: decision.kind === "rejected" ? decision.reason : null,
      ticketId: decision.kind === "rejected" ? (decision.ticketId ?? null) : null,
    };
    if (decision.kind === "rejected") {
      // A copy of a message taken before stays taken, whatever would be decided now.
      if (await takenBefore(tx, row)) return { outcome: "duplicate" };
      await tx.insert(inboundEmails).values(row);
      return { outcome: "rejected", reason: decision.reason };
    }
    const [logged] = await tx
      .insert(inboundEmails)
      .values(row)
      .onConflictDoNothing({
        target: [
          inboundEmails.fromAddress,
          inboundEmails.messageIdHeader,
          inboundEmails.senderVerified,
        ],
        where: sql`${inboundEmails.outcome} <> 'rejected'`,
      })
      .returning({ id: inboundEmails.id });
    if (!logged) return { outcome: "duplicate" };

    const origin = {
      source: "email" as const,
      messageId,
      unverifiedSender: !mail.sender.verified,
    };
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
    const notes = [
      ...(mail.sender.verified ? [] : [`Unverified sender (${mail.sender.summary}).`]),
      ...(kept.refused.length
        ? [
            `Not kept: ${kept.refused.map((file) => `${file.fileName} (${file.reason})`).join("; ")}`,
          ]
        : []),
    ];
    const note = notes.length ? notes.join(" ") : undefined;
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
      sender: mail.sender.summary,
      to: recipient,
      messageId: mail.messageId,
    },
    outcome.outcome === "duplicate" ? "inbound email already taken" : "inbound email",
  );
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
  if (mail.unreadable) {
    return refuse(
      `The message cannot be read (${mail.unreadable}): send it again as a plain email.`,
    );
  }
  if (mail.automatic) {
    return refuse(`An automatic message (${mail.automatic}) is not added to tickets.`);
  }
  const verified = mail.sender.verified;
  const unverified = `the domain of ${mail.from || "the sender"} does not vouch for this message (${mail.sender.summary})`;
  if (!verified && settings.unverified === "refuse") {
    return refuse(
      `The sender could not be verified: ${unverified}. It may be forged, so it is not taken; send it from your own mail provider, whose DKIM or SPF matches your address.`,
    );
  }
  const [sender] = mail.from ? await db.select().from(users).where(eq(users.email, mail.from)) : [];
  // A forged From must never speak for the agency, whatever the setting.
  const isStaff = Boolean(verified && sender?.isAdmin && settings.adminEmails.includes(mail.from));
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
        `${mail.from || "The sender"} may not reply to this ticket: only the client's team and the agency's staff can, from the address their account uses${verified ? "" : `, and ${unverified}`}.`,
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

/** Whether a copy of this message, from this sender, was taken before. */
async function takenBefore(
  db: DbExecutor,
  mail: { fromAddress: string; messageIdHeader: string; senderVerified: boolean },
): Promise<boolean> {
  const [taken] = await db
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(
      and(
        eq(inboundEmails.fromAddress, mail.fromAddress),
        eq(inboundEmails.messageIdHeader, mail.messageIdHeader),
        eq(inboundEmails.senderVerified, mail.senderVerified),
        ne(inboundEmails.outcome, "rejected"),
      ),
    )
    .limit(1);
  return Boolean(taken);
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

/* Loaded with the first mail received, not at start, as the mail parser is. */
let replyParser: EmailReplyParser | undefined;

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
