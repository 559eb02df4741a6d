import type { S3Settings } from "../config";
import { databaseStore, type AttachmentStore } from "./attachment-store";

/**
 * The store the settings ask for. The S3 client (a large package) loads only when S3 is set up,
 * so a server that keeps files in the database never holds it in memory.
 */
export async function createAttachmentStore(
  settings: S3Settings | undefined,
): Promise<AttachmentStore> {
  return settings ? (await import("./attachment-s3")).s3Store(settings) : databaseStore;
}
