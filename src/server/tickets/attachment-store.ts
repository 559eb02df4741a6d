import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { ticketAttachments, type TicketAttachment } from "../db/schema";

/** Where a file's bytes are: the row's storage columns. */
export type StoredFile = Pick<TicketAttachment, "storage" | "storageKey" | "content">;
/** A row as read without its bytes: enough to find them. */
export type FileRef = Pick<TicketAttachment, "id" | "storage" | "storageKey">;

/**
 * Where attachments' bytes live. put() decides what the row keeps (the bytes themselves, or a
 * key in a bucket). The S3 store also reads rows the database store wrote, so turning S3 on later
 * leaves the files already stored readable (turning it off again needs the bucket's files moved).
 */
export type AttachmentStore = {
  readonly kind: "database" | "s3";
  /** Stores a new file's bytes; the answer goes into its row. */
  put(id: string, bytes: Buffer, contentType: string): Promise<StoredFile>;
  get(db: DbExecutor, file: FileRef): Promise<Buffer>;
  /** Removes the bytes kept outside the row (the row's own go with it). */
  delete(file: FileRef): Promise<void>;
  /**
   * Stores outside the database: the keys of files stored before `before`, for the sweep that
   * deletes those whose row is gone (a client erased, a row that never made it).
   */
  listKeys?(before: Date): AsyncIterable<string>;
};

/** The default: the bytes in the row's bytea column, so a database backup holds every file. */
export const databaseStore: AttachmentStore = {
  kind: "database",
  put: async (_id, bytes) => ({ storage: "database", storageKey: null, content: bytes }),
  async get(db, file) {
    if (file.storage !== "database") throw new Error(`file ${file.id} is not in the database`);
    const [row] = await db
      .select({ content: ticketAttachments.content })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, file.id));
    if (!row?.content) throw new Error(`file ${file.id} has no content`);
    return row.content;
  },
  delete: async () => {},
};

export const KEY_PREFIX = "ticket-attachments/";
/** The key of an attachment's object in the bucket. */
export const objectKey = (id: string) => `${KEY_PREFIX}${id}`;
