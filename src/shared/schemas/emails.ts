import { z } from "./zod";

/** An email of the outbox as staff see it: what was sent, what waits and what failed. */
export const outboxEmailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The plain-text body: outside production only, so an evaluator can follow its links. */
  text: z.string().optional(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const inboundOutcomes = ["reply", "new-ticket", "rejected"] as const;

/** A received email as staff see it: who wrote to which address, and what became of it. */
export const inboundEmailSchema = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  outcome: z.enum(inboundOutcomes),
  /** Why it was refused; for an accepted one, the attachments that were not kept. */
  reason: z.string().nullable(),
  ticketId: z.uuid().nullable(),
  receivedAt: z.string(),
});
export type InboundEmailView = z.infer<typeof inboundEmailSchema>;

/** What the inbound webhook answers: what became of the email (a second copy is "duplicate"). */
export const inboundResultSchema = z.object({
  outcome: z.enum([...inboundOutcomes, "duplicate"]),
  reason: z.string().optional(),
  ticketId: z.uuid().optional(),
});

const postmarkAddress = (field: string) =>
  z.object(
    {
      Email: z.string({ error: `${field}: each entry's Email must be text` }),
      Name: z.string({ error: `${field}: each entry's Name must be text` }).optional(),
    },
    { error: `${field} must list { Email, Name } objects` },
  );

const postmarkList = (field: string) =>
  z
    .array(postmarkAddress(field), { error: `${field} must be a list of { Email, Name }` })
    .default([]);

const postmarkText = (field: string) => z.string({ error: `${field} must be text` }).default("");

/**
 * An email as Postmark's inbound webhook posts it (the fields we use; others are ignored).
 * https://postmarkapp.com/developer/webhooks/inbound-webhook
 */
export const postmarkInboundSchema = z.object({
  FromFull: z.object(
    { Email: z.string({ error: "FromFull.Email must be the sender's address as text" }) },
    { error: "FromFull must be the sender, { Email, Name }" },
  ),
  ToFull: postmarkList("ToFull"),
  CcFull: postmarkList("CcFull"),
  BccFull: postmarkList("BccFull"),
  OriginalRecipient: postmarkText("OriginalRecipient"),
  Subject: postmarkText("Subject"),
  MessageID: z
    .string({ error: "MessageID must be Postmark's id of the message" })
    .min(1, "MessageID must be Postmark's id of the message"),
  TextBody: postmarkText("TextBody"),
  HtmlBody: postmarkText("HtmlBody"),
  Headers: z
    .array(
      z.object(
        {
          Name: z.string({ error: "Headers: each Name must be text" }),
          Value: z.string({ error: "Headers: each Value must be text" }),
        },
        { error: "Headers must list { Name, Value } objects" },
      ),
      { error: "Headers must be a list of { Name, Value }" },
    )
    .default([]),
  Attachments: z
    .array(
      z.object(
        {
          Name: z.string({ error: "Attachments: each Name must be text" }),
          Content: z.base64({ error: "Attachments: each Content must be base64" }),
          ContentType: z.string({ error: "Attachments: each ContentType must be text" }),
        },
        { error: "Attachments must list { Name, Content, ContentType } objects" },
      ),
      { error: "Attachments must be a list of { Name, Content, ContentType }" },
    )
    .default([]),
});
export type PostmarkInbound = z.output<typeof postmarkInboundSchema>;
