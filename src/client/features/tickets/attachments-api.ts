import type { Attachment } from "@shared/schemas/ticket-attachments";
import { ApiError } from "@/lib/api";

/** Whose address a file is read from: the portal's (company members) or the back office's. */
export type AttachmentScope = "client" | "staff";

const base = (scope: AttachmentScope) =>
  scope === "staff" ? "/api/admin/tickets/attachments" : "/api/tickets/attachments";

/** The file itself (downloaded: the server says attachment). */
export const attachmentUrl = (scope: AttachmentScope, id: string) =>
  `${base(scope)}/${encodeURIComponent(id)}`;

/** An image's small WebP preview. */
export const thumbnailUrl = (scope: AttachmentScope, id: string) =>
  `${attachmentUrl(scope, id)}/thumbnail`;

export type Upload = { done: Promise<Attachment>; abort: () => void };

/**
 * Uploads one file (POST /api/tickets/attachments, the bytes as the body) and reports how far it
 * got. XMLHttpRequest, because fetch cannot tell how much of a request body has been sent.
 * Rejects with an ApiError for a refusal (413, 415, ...), or an Error when the network failed.
 */
export function uploadAttachment(file: File, onProgress: (fraction: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Attachment>((resolve, reject) => {
    xhr.open("POST", `/api/tickets/attachments?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as Attachment);
      } else {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.onabort = () => reject(new DOMException("The upload was stopped", "AbortError"));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

/** Deletes an upload removed before sending; a failure is harmless (it expires in a day). */
export function discardUpload(id: string): void {
  void fetch(attachmentUrl("client", id), { method: "DELETE", credentials: "include" }).catch(
    () => {},
  );
}
