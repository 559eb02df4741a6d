import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import type { OutboxWorker } from "../../../mail/outbox";
import { requireStaff } from "../../../plugins/auth-guard";
import { adminClientRoutes } from "./clients";
import { adminLeadRoutes } from "./leads";
import { adminOutboxRoutes } from "./outbox";
import { adminTicketRoutes } from "./tickets";

export type AdminRouteOptions = { db: Db; config: Config; outbox: Pick<OutboxWorker, "wake"> };

/**
 * The back office API. The staff check is made once, here, for every route under /api/admin,
 * before any body is read: signed out 401, signed in but not staff 403.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  app.addHook("onRequest", requireStaff(options.db));
  await app.register(adminLeadRoutes, options);
  await app.register(adminClientRoutes, options);
  await app.register(adminTicketRoutes, options);
  await app.register(adminOutboxRoutes, options);
};
