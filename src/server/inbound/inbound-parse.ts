import { createHash } from "node:crypto";
import type { ParsedMail, SimpleParserOptions } from "mailparser";
import type { PostmarkInbound } from "@shared/schemas/emails";
import { providerChecked, type SenderCheck } from "./sender-check";

export type InboundFile = { fileName: string; contentType: string; bytes: Buffer };

/** A received email, as the SMTP listener and the provider's webhook both hand it over. */
export type InboundMail = {
  /** The Message-ID header, or one derived from the message when it has none. */
  messageId: string;
  /** The From address, lowercase; empty when there is none. */
  from: string;
  /** Whether the From is proven to be the sender's. */
  sender: SenderCheck;
  /** Where it was delivered: the SMTP envelope's recipients, or the provider's. */
  recipients: string[];
  subject: string;
  /** The plain text, converted from the HTML part when there is no text part. */
  text: string;
  attachments: InboundFile[];
  /** Why this is a message no person wrote (an auto-reply, a bounce); undefined otherwise. */
  automatic: string | undefined;
  /** Why the message cannot be read (broken MIME, say); undefined when it was read. */
  unreadable: string | undefined;
  /** The address it came from: the sending mail server's, or the provider's. */
  peer: string | null;
};

/** A received raw message, before its sender is checked. */
export type UncheckedMail = Omit<InboundMail, "sender">;

/*
 * The mail parser loads with the first mail received, not at start: a server that takes no mail
 * never holds it in memory.
 */
const simpleParser = async (raw: Buffer, options: SimpleParserOptions): Promise<ParsedMail> =>
  (await import("mailparser")).simpleParser(raw, options);

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

/**
 * A received raw message (RFC 5322), its sender not yet checked. One the parser cannot read is
 * returned as unreadable, known by its envelope sender and a hash of its bytes: the same bytes
 * would fail the same way, so it is refused for good rather than tried again.
 */
export async function parseRawMail(
  raw: Buffer,
  envelope: { sender: string | undefined; recipients: string[]; peer: string | null },
): Promise<UncheckedMail> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  } catch (error) {
    return {
      messageId: messageIdOf(undefined, raw),
      from: envelope.sender?.trim().toLowerCase() ?? "",
      recipients: envelope.recipients,
      subject: "",
      text: "",
      attachments: [],
      automatic: undefined,
      unreadable: error instanceof Error ? error.message : String(error),
      peer: envelope.peer,
    };
  }
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
    unreadable: undefined,
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
    // Trusted as the provider hands it over: only it, holding the shared secret, posts here.
    sender: providerChecked,
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
    unreadable: undefined,
    peer,
  };
}
