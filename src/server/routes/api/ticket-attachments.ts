import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  attachmentMessages,
  attachmentSchema,
  attachmentUploadQuerySchema,
} from "@shared/schemas/ticket-attachments";
import { MAX_ATTACHMENT_BYTES } from "../../db/schema";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import type { AttachmentStore } from "../../tickets/attachment-store";
import {
  cleanFileName,
  deletePendingUpload,
  findVisibleAttachment,
  MAX_PENDING_UPLOADS,
  readAttachment,
  readThumbnail,
  saveAttachment,
  type FileViewer,
  type VisibleAttachment,
} from "../../tickets/attachments";
import {
  errorResponses,
  fileResponse,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  type RouteOptions,
} from "./common";

export type AttachmentRouteOptions = RouteOptions & { store: AttachmentStore };

const fileAnswers = { ...notFoundResponse, ...errorResponses };
/** A file as it was sent (its own type), or its preview (a WebP image). */
const fileSent = {
  ...fileResponse("*/*", "The file, in its own type (an image or a PDF, say)"),
  ...fileAnswers,
};
const previewSent = {
  ...fileResponse("image/webp", "A small preview of an image, as WebP"),
  ...fileAnswers,
};

/** A file name in a Content-Disposition header: plain ASCII for old clients, UTF-8 for the rest. */
export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Files people uploaded are downloaded, never shown as a page of ours: attachment, the stored
 * type and no sniffing, a policy that runs nothing should a browser render it anyway, and kept
 * in the person's browser only.
 */
function sendFile(reply: FastifyReply, file: VisibleAttachment, bytes: Buffer) {
  return reply
    .type(file.contentType === "text/plain" ? "text/plain; charset=utf-8" : file.contentType)
    .header("content-disposition", contentDisposition("attachment", file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, max-age=3600")
    .send(bytes);
}

/** An image's preview, shown in the thread. */
function sendThumbnail(reply: FastifyReply, file: VisibleAttachment, thumbnail: Buffer) {
  return reply
    .type("image/webp")
    .header("content-disposition", contentDisposition("inline", `${file.fileName}.webp`))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, max-age=3600")
    .send(thumbnail);
}

/** The file name an upload gave, for a refusal sent before the query was checked. */
function uploadName(request: FastifyRequest): string {
  const name = (request.query as { name?: unknown } | undefined)?.name;
  return typeof name === "string" && name.trim() ? cleanFileName(name).slice(0, 100) : "The file";
}

/**
 * Ticket attachments: a signed-in person (client or staff) uploads a file, which waits for the
 * message that sends it (POST /api/tickets with attachmentIds, or a reply); the files of a
 * ticket are served to its company's members (/api/tickets/...) and to staff (/api/admin/...).
 * Anyone else's file answers 404.
 */
export const ticketAttachmentRoutes: FastifyPluginAsyncZod<AttachmentRouteOptions> = async (
  app,
  { db, store },
) => {
  /** A file, or its preview, when the viewer may have it; 404 otherwise. */
  async function serve(
    request: FastifyRequest<{ Params: z.infer<typeof idParams> }>,
    reply: FastifyReply,
    viewer: FileViewer,
    what: "file" | "thumbnail",
  ) {
    const file = await findVisibleAttachment(db, request.params.id, viewer);
    if (!file) return reply.code(404).send(notFound("File"));
    if (what === "file") return sendFile(reply, file, await readAttachment(db, store, file));
    const preview = file.hasThumbnail ? await readThumbnail(db, file.id) : null;
    if (!preview) return reply.code(404).send(notFound("Preview"));
    return sendThumbnail(reply, file, preview);
  }

  await forSignedInClients(app, db, (client) => {
    // The upload's body is the file itself, whatever its Content-Type says: the kind is found
    // from the bytes. Its own context, so no other route reads bodies this way.
    void client.register(async (context) => {
      const uploads = context.withTypeProvider<ZodTypeProvider>();
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser(
        "*",
        { parseAs: "buffer", bodyLimit: MAX_ATTACHMENT_BYTES },
        (_request, body, done) => done(null, body),
      );
      uploads.post(
        "/api/tickets/attachments",
        {
          // Fastify stops reading at the limit (at once when Content-Length says more): at most
          // 10 MB is ever held for one upload.
          bodyLimit: MAX_ATTACHMENT_BYTES,
          schema: {
            querystring: attachmentUploadQuerySchema,
            response: { 201: attachmentSchema, ...errorResponses },
          },
          errorHandler: (error: FastifyError, request, reply) => {
            if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
            return reply
              .code(413)
              .send({ message: attachmentMessages.tooLarge(uploadName(request)) });
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          if (!Buffer.isBuffer(request.body)) {
            return reply.code(400).send({ message: attachmentMessages.noBody });
          }
          const saved = await saveAttachment(db, store, {
            uploadedBy: user.id,
            fileName: request.query.name,
            bytes: request.body,
            maxPending: MAX_PENDING_UPLOADS,
          });
          if (!saved.ok) return refuse(reply, saved);
          return reply.code(201).send(saved.value);
        },
      );
    });

    const clientViewer = async (request: FastifyRequest): Promise<FileViewer> => ({
      userId: signedInUser(request).id,
      companyId: signedInMember(request)?.companyId,
    });

    client.get(
      "/api/tickets/attachments/:id",
      { schema: { params: idParams, response: fileSent } },
      async (request, reply) => serve(request, reply, await clientViewer(request), "file"),
    );

    client.get(
      "/api/tickets/attachments/:id/thumbnail",
      { schema: { params: idParams, response: previewSent } },
      async (request, reply) => serve(request, reply, await clientViewer(request), "thumbnail"),
    );

    // A file removed from the form before sending.
    client.delete(
      "/api/tickets/attachments/:id",
      { schema: { params: idParams, response: { 204: z.null(), ...fileAnswers } } },
      async (request, reply) => {
        const removed = await deletePendingUpload(
          db,
          store,
          request.params.id,
          signedInUser(request).id,
        );
        return removed ? reply.code(204).send(null) : reply.code(404).send(notFound("File"));
      },
    );
  });

  await forStaff(app, db, (staff) => {
    const staffViewer = (request: FastifyRequest): FileViewer => ({
      userId: signedInUser(request).id,
      staff: true,
    });

    staff.get(
      "/api/admin/tickets/attachments/:id",
      { schema: { params: idParams, response: fileSent } },
      async (request, reply) => serve(request, reply, staffViewer(request), "file"),
    );

    staff.get(
      "/api/admin/tickets/attachments/:id/thumbnail",
      { schema: { params: idParams, response: previewSent } },
      async (request, reply) => serve(request, reply, staffViewer(request), "thumbnail"),
    );
  });
};
