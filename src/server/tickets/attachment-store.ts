import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import type { S3Settings } from "../config";
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

const KEY_PREFIX = "ticket-attachments/";
/** The key of an attachment's object in the bucket. */
export const objectKey = (id: string) => `${KEY_PREFIX}${id}`;

/** Files in an S3-compatible bucket (S3_* settings); rows stored in the database stay there. */
export function s3Store(settings: S3Settings): AttachmentStore & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // A request that hangs must not hold an upload or a download forever.
    requestHandler: { requestTimeout: 30_000, connectionTimeout: 5_000 },
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    client,
    async put(id, bytes, contentType) {
      const Key = objectKey(id);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType }),
      );
      return { storage: "s3", storageKey: Key, content: null };
    },
    async get(db, file) {
      if (file.storage === "database") return databaseStore.get(db, file);
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: file.storageKey! }));
      if (!answer.Body) throw new Error(`object ${file.storageKey} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async delete(file) {
      if (file.storage !== "s3" || !file.storageKey) return;
      // Deleting an object that is already gone succeeds: a retried cleanup is harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key: file.storageKey }));
    },
    async *listKeys(before) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: KEY_PREFIX, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The store the settings ask for. */
export function createAttachmentStore(settings: S3Settings | undefined): AttachmentStore {
  return settings ? s3Store(settings) : databaseStore;
}
