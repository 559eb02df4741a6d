import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config";
import { databaseStore, KEY_PREFIX, objectKey, type AttachmentStore } from "./attachment-store";

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
