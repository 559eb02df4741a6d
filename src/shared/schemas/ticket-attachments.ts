import { z } from "./zod";
import { oneLine, visible, visibleMessage } from "./fields";

/**
 * Files on ticket messages: what may be attached, how large, how many, and the words a person
 * sees when a file is refused. The server finds a file's kind from its bytes; the browser checks
 * names and sizes first only to answer sooner.
 */

/** 10 MB (as MAX_ATTACHMENT_BYTES in the database schema), and five files per message. */
export const attachmentLimits = { maxBytes: 10 * 1024 * 1024, perMessage: 5 } as const;

/** The kinds of file accepted, by content type, with the file name endings each may have. */
export const attachmentKinds = {
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "application/pdf": ["pdf"],
  "application/zip": ["zip"],
  // Text has no signature to find: it is accepted by its name and checked to be UTF-8 text.
  "text/plain": ["txt", "log", "csv", "md"],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentContentType = keyof typeof attachmentKinds;

/** What a message about the kinds names: every accepted kind, in a person's words. */
const kindsInWords = "images (PNG, JPEG, GIF, WebP), PDF, text (.txt, .log, .csv, .md) and ZIP";

export const attachmentMessages = {
  tooLarge: (fileName: string) =>
    `${fileName} is larger than 10 MB. Attach a smaller file, or a link to where it is kept.`,
  wrongType: (fileName: string) =>
    `${fileName} cannot be attached: only ${kindsInWords} files can. Put other files in a ZIP.`,
  empty: (fileName: string) => `${fileName} is empty: choose the file again.`,
  tooMany: `At most ${attachmentLimits.perMessage} files can be attached to a message.`,
  noBody:
    "Send the file's bytes as the request body, and its name as ?name=, e.g. ?name=screenshot.png.",
  unknown:
    "A file to attach is no longer there (removed, or uploaded over a day ago): remove it and attach it again.",
  tooManyPending:
    "You have many files waiting to be sent: send your message, or remove some files first.",
} as const;

/** The file name ending (lowercase, without the dot), or "" when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** True when a file name ends as one of the accepted kinds (the server still checks the bytes). */
export function hasAcceptedExtension(fileName: string): boolean {
  const ending = fileExtension(fileName);
  return Object.values(attachmentKinds).some((endings) =>
    (endings as readonly string[]).includes(ending),
  );
}

/** The query of POST /api/tickets/attachments: the file's name (the body is the file). */
export const attachmentUploadQuerySchema = z.object({
  name: oneLine("File name", "Give the file's name as ?name=")
    .trim()
    .min(1, "Give the file's name as ?name=")
    .max(255, "File name must be at most 255 characters")
    .refine(visible, visibleMessage("File name")),
});

/** The uploads a new ticket or a reply carries: ids from POST /api/tickets/attachments. */
export const attachmentIdsField = z
  .array(z.uuid({ error: "Attach files by the ids their upload answered" }), {
    error: "attachmentIds must be a list of uploaded files' ids",
  })
  .max(attachmentLimits.perMessage, attachmentMessages.tooMany)
  .default([]);

/** A file on a message (or just uploaded), as the API shows it. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** An image has a small preview at .../thumbnail. */
  hasThumbnail: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
