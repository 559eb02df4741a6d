import { z } from "zod";
import { savedReplyInputSchema, savedReplySchema } from "@shared/schemas/saved-replies";
import { auditContext } from "../../audit/audit";
import { signedInUser } from "../../plugins/auth-guard";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "../../tickets/saved-replies";
import {
  deletedResponses,
  errorResponses,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

/** Staff's saved replies, shared by all of staff: listed by title, written, changed, deleted. */
export const savedReplyRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/saved-replies",
      { schema: { response: { 200: z.array(savedReplySchema), ...errorResponses } } },
      async () => listSavedReplies(db),
    );

    staff.post(
      "/api/admin/saved-replies",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: savedReplyInputSchema,
          response: { 201: savedReplySchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const saved = await createSavedReply(
          db,
          signedInUser(request),
          request.body,
          auditContext(request),
        );
        return reply.code(201).send(saved);
      },
    );

    staff.put(
      "/api/admin/saved-replies/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: savedReplyInputSchema,
          response: { 200: savedReplySchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        (await updateSavedReply(
          db,
          request.params.id,
          signedInUser(request),
          request.body,
          auditContext(request),
        )) ?? reply.code(404).send(notFound("Saved reply")),
    );

    staff.delete(
      "/api/admin/saved-replies/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) =>
        (await deleteSavedReply(db, request.params.id, auditContext(request)))
          ? reply.code(204).send(null)
          : reply.code(404).send(notFound("Saved reply")),
    );
  });
};
