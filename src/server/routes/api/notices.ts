import { noticeListSchema, noticeSchema, unreadCountSchema } from "@shared/schemas/notices";
import {
  listNotices,
  markAllNoticesRead,
  markNoticeRead,
  unreadCount,
} from "../../notices/notices";
import { signedInUser } from "../../plugins/auth-guard";
import {
  errorResponses,
  forSignedInClients,
  idParams,
  notFound,
  notFoundResponse,
  type RoutePlugin,
} from "./common";

/**
 * The signed-in user's in-app notices (the bell), for clients and staff alike: the latest,
 * the unread count the bell polls, and marking read. Another user's notice answers 404.
 */
export const noticeRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (user) => {
    user.get(
      "/api/notices",
      { schema: { response: { 200: noticeListSchema, ...errorResponses } } },
      async (request) => listNotices(db, signedInUser(request).id),
    );

    user.get(
      "/api/notices/unread-count",
      { schema: { response: { 200: unreadCountSchema, ...errorResponses } } },
      async (request) => ({ unread: await unreadCount(db, signedInUser(request).id) }),
    );

    user.post(
      "/api/notices/:id/read",
      {
        schema: {
          params: idParams,
          response: { 200: noticeSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const notice = await markNoticeRead(db, signedInUser(request).id, request.params.id);
        return notice ?? reply.code(404).send(notFound("Notice"));
      },
    );

    user.post(
      "/api/notices/read-all",
      { schema: { response: { 200: unreadCountSchema, ...errorResponses } } },
      async (request) => {
        const userId = signedInUser(request).id;
        await markAllNoticesRead(db, userId);
        return { unread: await unreadCount(db, userId) };
      },
    );
  });
};
