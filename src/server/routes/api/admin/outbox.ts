import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listRecentEmails } from "../../../mail/outbox";
import { errorResponses } from "../../responses";
import type { AdminRouteOptions } from "./index";

const outboxEntry = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** What became of the latest emails: staff see what was sent, what waits and what failed. */
export const adminOutboxRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db }) => {
  app.get(
    "/api/admin/outbox",
    { schema: { response: { 200: z.array(outboxEntry), ...errorResponses } } },
    async () => listRecentEmails(db),
  );
};
