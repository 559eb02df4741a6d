import { createHash, randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  attachmentKinds,
  attachmentMessages,
  fileExtension,
  type Attachment,
  type AttachmentContentType,
} from "@shared/schemas/ticket-attachments";
import type { DbExecutor } from "../db/client";
import { DomainFailureError, failure, invalid, ok, type Outcome } from "../domain-failure";
import {
  MAX_ATTACHMENT_BYTES,
  supportTickets,
  ticketAttachments,
  ticketMessages,
  users,
} from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import type { AttachmentStore, FileRef } from "./attachment-store";

/** An upload not sent with a message within a day is deleted. */
export const PENDING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Uploads one person may have waiting at once: five per message, and room to change their mind. */
export const MAX_PENDING_UPLOADS = 20;
/** Previews: 320 px wide (a phone's thread at twice its pixels), never taller than 640. */
const THUMBNAIL = { width: 320, height: 640 };
/**
 * Images larger than this get no preview: decoding one takes up to 4 bytes a pixel (100 MB here).
 * 25 megapixels covers a phone's 24 MP photo (5712 x 4284), a 6000 x 4000 camera's and any
 * screen's screenshot; a larger file is kept, shown as a file without a preview.
 */
export const THUMBNAIL_MAX_PIXELS = 25_000_000;

/**
 * A file name safe to store and to offer back: no folders, no control characters, at most 255
 * characters (the ending kept).
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!clean || clean === "." || clean === "..") return "file";
  if (clean.length <= 255) return clean;
  const ending = fileExtension(clean);
  const keep = ending && ending.length < 20 ? `.${ending}` : "";
  return clean.slice(0, 255 - keep.length) + keep;
}

/** True for bytes that are UTF-8 text without NUL (text files have no signature to find). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the bytes are, among the kinds accepted, and the name to keep: a name whose ending does
 * not match the content gets the right one added (photo.exe that is a PNG is kept as
 * photo.exe.png), so no program ever opens a file as something it is not. Undefined: refused.
 */
export async function detectAttachmentType(
  fileName: string,
  bytes: Buffer,
): Promise<{ contentType: AttachmentContentType; fileName: string } | undefined> {
  // Loaded with the first upload, not at start, as sharp below (libvips holds tens of MB).
  const { fileTypeFromBuffer } = await import("file-type");
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (!(found.mime in attachmentKinds)) return undefined;
    const contentType = found.mime as AttachmentContentType;
    const endings: readonly string[] = attachmentKinds[contentType];
    return endings.includes(fileExtension(fileName))
      ? { contentType, fileName }
      : { contentType, fileName: cleanFileName(`${fileName}.${endings[0]}`) };
  }
  const textEndings: readonly string[] = attachmentKinds["text/plain"];
  if (textEndings.includes(fileExtension(fileName)) && isText(bytes)) {
    return { contentType: "text/plain", fileName };
  }
  return undefined;
}

/**
 * The previews made one after another: sharp has no setting for how many images it decodes at
 * once (each uses a libuv thread), and a burst of large images decoded together held hundreds of
 * MB. One at a time, a preview costs at most one decoded image.
 */
let previousThumbnail: Promise<unknown> = Promise.resolve();

/** A small WebP preview of an image, or null (not an image, or one sharp cannot read). */
export async function makeThumbnail(contentType: string, bytes: Buffer): Promise<Buffer | null> {
  if (!contentType.startsWith("image/")) return null;
  const { default: sharp } = await import("sharp");
  // One libvips thread per image, and no cache of decoded images: memory goes once it is done.
  sharp.concurrency(1);
  sharp.cache(false);
  const make = () =>
    sharp(bytes, { limitInputPixels: THUMBNAIL_MAX_PIXELS })
      .rotate() // as the camera held it (EXIF orientation)
      .resize({ ...THUMBNAIL, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  const made = previousThumbnail.then(make).catch(() => null);
  previousThumbnail = made;
  return made;
}

export type SaveAttachmentInput = {
  uploadedBy: string;
  fileName: string;
  bytes: Buffer;
  /** Attach to this message at once (an email's files); else it waits, pending, to be sent. */
  messageId?: string;
  /** Refuse (429) when the uploader already has this many files waiting to be sent. */
  maxPending?: number;
};
const tooManyPending = () => failure("too-many", attachmentMessages.tooManyPending);

/**
 * Checks a file (size, kind from its content, and the uploader's files waiting to be sent) and
 * stores it: the bytes where the store keeps them, a preview of an image, and the row. Nothing is
 * stored when it is refused.
 */
export async function saveAttachment(
  db: DbExecutor,
  store: AttachmentStore,
  input: SaveAttachmentInput,
): Promise<Outcome<Attachment>> {
  const name = cleanFileName(input.fileName);
  if (input.bytes.length > MAX_ATTACHMENT_BYTES) {
    return failure("too-large", attachmentMessages.tooLarge(name));
  }
  if (input.bytes.length === 0) {
    return failure("unsupported", attachmentMessages.empty(name));
  }
  const { maxPending } = input;
  // Before the preview is made, so a full list costs nothing; counted again under the lock below.
  if (maxPending !== undefined && (await countPendingUploads(db, input.uploadedBy)) >= maxPending) {
    return tooManyPending();
  }
  const kind = await detectAttachmentType(name, input.bytes);
  if (!kind) return failure("unsupported", attachmentMessages.wrongType(name));

  const id = randomUUID();
  const thumbnail = await makeThumbnail(kind.contentType, input.bytes);
  const stored = await store.put(id, input.bytes, kind.contentType);
  let saved = false;
  try {
    saved = await db.transaction(async (tx) => {
      if (maxPending !== undefined) {
        // The uploader's row locked until commit: their uploads at once are counted one after
        // another, each seeing the rows the ones before it inserted.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, input.uploadedBy))
          .for("no key update");
        if ((await countPendingUploads(tx, input.uploadedBy)) >= maxPending) return false;
      }
      await tx.insert(ticketAttachments).values({
        id,
        messageId: input.messageId ?? null,
        uploadedBy: input.uploadedBy,
        fileName: kind.fileName,
        contentType: kind.contentType,
        sizeBytes: input.bytes.length,
        sha256: createHash("sha256").update(input.bytes).digest("hex"),
        ...stored,
        thumbnail,
      });
      return true;
    });
  } finally {
    // The row is what makes the bytes reachable: without it, they must not stay behind.
    if (!saved) await store.delete({ id, ...stored }).catch(() => {});
  }
  if (!saved) return tooManyPending();
  return ok({
    id,
    fileName: kind.fileName,
    contentType: kind.contentType,
    sizeBytes: input.bytes.length,
    hasThumbnail: thumbnail !== null,
  });
}

/** How many uploads a person has waiting to be sent. */
export async function countPendingUploads(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.uploadedBy, userId), isNull(ticketAttachments.messageId)));
  return row?.n ?? 0;
}

/**
 * Attaches a sender's own pending uploads to their new message, in the message's transaction.
 * Any id that is not one of them (someone else's, already sent, deleted) refuses the whole
 * message (thrown, so the message's transaction rolls back), so nothing is half sent.
 */
export async function attachUploads(
  tx: DbExecutor,
  messageId: string,
  senderId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return;
  const attached = await tx
    .update(ticketAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(ticketAttachments.id, wanted),
        eq(ticketAttachments.uploadedBy, senderId),
        isNull(ticketAttachments.messageId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  if (attached.length !== wanted.length) {
    throw new DomainFailureError(invalid(attachmentMessages.unknown));
  }
}

/** The API's view of a row, never its bytes. */
const listed = {
  id: ticketAttachments.id,
  messageId: ticketAttachments.messageId,
  fileName: ticketAttachments.fileName,
  contentType: ticketAttachments.contentType,
  sizeBytes: ticketAttachments.sizeBytes,
  hasThumbnail: sql<boolean>`${ticketAttachments.thumbnail} is not null`,
};

/** The files of these messages, by message, in the order they were uploaded. */
export async function attachmentsByMessage(
  db: DbExecutor,
  messageIds: string[],
): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select(listed)
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, messageIds))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
  for (const { messageId, ...attachment } of rows) {
    const list = byMessage.get(messageId!) ?? [];
    list.push(attachment);
    byMessage.set(messageId!, list);
  }
  return byMessage;
}

/** Who asks for a file: a client (their company, if any) or staff. */
export type FileViewer = { userId: string } & ({ companyId: string | undefined } | { staff: true });

export type VisibleAttachment = Attachment & FileRef;

/**
 * A file the viewer may have: one on a ticket of their company but not on an internal note (any
 * file, for staff), or their own upload not sent yet. Undefined for anything else, which the routes answer with 404
 * so that nobody learns another company's files exist.
 */
export async function findVisibleAttachment(
  db: DbExecutor,
  id: string,
  viewer: FileViewer,
): Promise<VisibleAttachment | undefined> {
  const [found] = await db
    .select({
      ...listed,
      storage: ticketAttachments.storage,
      storageKey: ticketAttachments.storageKey,
      uploadedBy: ticketAttachments.uploadedBy,
      companyId: supportTickets.companyId,
      internal: ticketMessages.internal,
    })
    .from(ticketAttachments)
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .leftJoin(supportTickets, eq(supportTickets.id, ticketMessages.ticketId))
    .where(eq(ticketAttachments.id, id));
  if (!found) return undefined;
  const { uploadedBy, companyId, internal, messageId: _messageId, ...file } = found;
  const pending = found.messageId === null;
  // A file on an internal note is staff's, like the note.
  const visible = pending
    ? uploadedBy === viewer.userId
    : "staff" in viewer ||
      (!internal && companyId !== null && "companyId" in viewer && companyId === viewer.companyId);
  return visible ? file : undefined;
}

/** A file's bytes, from wherever they are kept. */
export function readAttachment(
  db: DbExecutor,
  store: AttachmentStore,
  file: FileRef,
): Promise<Buffer> {
  return store.get(db, file);
}

/** A file's preview (null when it has none). */
export async function readThumbnail(db: DbExecutor, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ thumbnail: ticketAttachments.thumbnail })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.id, id));
  return row?.thumbnail ?? null;
}

/** Deletes rows (locked by the caller's transaction) and the bytes kept outside them. */
async function deleteFiles(tx: DbExecutor, store: AttachmentStore, files: FileRef[]) {
  // Outside bytes first: should that fail, the rows stay and the next try finds them again.
  for (const file of files) await store.delete(file);
  if (files.length > 0) {
    await tx.delete(ticketAttachments).where(
      inArray(
        ticketAttachments.id,
        files.map((file) => file.id),
      ),
    );
  }
}

const fileRef = {
  id: ticketAttachments.id,
  storage: ticketAttachments.storage,
  storageKey: ticketAttachments.storageKey,
};

/** Removes one of the person's own uploads before it is sent; false when there is no such one. */
export async function deletePendingUpload(
  db: DbExecutor,
  store: AttachmentStore,
  id: string,
  userId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const files = await tx
      .select(fileRef)
      .from(ticketAttachments)
      .where(
        and(
          eq(ticketAttachments.id, id),
          eq(ticketAttachments.uploadedBy, userId),
          isNull(ticketAttachments.messageId),
        ),
      )
      .for("update");
    await deleteFiles(tx, store, files);
    return files.length > 0;
  });
}

/**
 * Deletes uploads never sent with a message, a day after they were made, a batch at a time.
 * Each batch is claimed with FOR UPDATE SKIP LOCKED, so instances running this at the same time
 * delete each file once, and a message sending one of them waits and is then refused.
 */
export async function deleteStaleUploads(
  db: DbExecutor,
  store: AttachmentStore,
  now = new Date(),
  batchSize = 100,
): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_UPLOAD_LIFETIME_MS);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const files = await tx
        .select(fileRef)
        .from(ticketAttachments)
        .where(and(isNull(ticketAttachments.messageId), lt(ticketAttachments.createdAt, cutoff)))
        .orderBy(asc(ticketAttachments.createdAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      await deleteFiles(tx, store, files);
      return files.length;
    });
    deleted += batch;
    if (batch < batchSize) return deleted;
  }
}

/**
 * Deletes objects in the bucket that no row names any more: the files of an erased client (their
 * rows went by cascade), or an upload whose row was never written. Only objects over a day old,
 * so an upload whose row is being written is never taken. Deleting is idempotent, so instances
 * sweeping at once do no harm.
 */
export async function deleteOrphanObjects(
  db: DbExecutor,
  store: AttachmentStore,
  now = new Date(),
): Promise<number> {
  if (!store.listKeys) return 0;
  const before = new Date(now.getTime() - PENDING_UPLOAD_LIFETIME_MS);
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await db
      .select({ key: ticketAttachments.storageKey })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.storageKey, batch));
    const known = new Set(kept.map((row) => row.key));
    for (const key of batch.filter((candidate) => !known.has(candidate))) {
      await store.delete({ id: key, storage: "s3", storageKey: key });
      deleted += 1;
    }
    batch = [];
  };
  for await (const key of store.listKeys(before)) {
    batch.push(key);
    if (batch.length === 500) await sweep();
  }
  if (batch.length > 0) await sweep();
  return deleted;
}

/** The hourly cleanup of unsent uploads, at start (catching up) and every hour after. */
export function createAttachmentCleanupWorker(options: {
  db: DbExecutor;
  store: AttachmentStore;
  log: Pick<FastifyBaseLogger, "error">;
  everyMs?: number;
  now?: () => Date;
}) {
  const { db, store, log, everyMs = 60 * 60 * 1000, now = () => new Date() } = options;
  return createPeriodicWorker({
    name: "attachment cleanup",
    log,
    everyMs,
    pass: async () => {
      const at = now();
      return (await deleteStaleUploads(db, store, at)) + (await deleteOrphanObjects(db, store, at));
    },
  });
}
