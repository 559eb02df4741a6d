import { z } from "zod";
import {
  beatAnswerSchema,
  beatQuerySchema,
  createdHeartbeatSchema,
  heartbeatInputSchema,
  heartbeatSchema,
} from "@shared/schemas/heartbeats";
import { auditContext, withAudit } from "../../audit/audit";
import {
  createHeartbeat,
  deleteHeartbeat,
  hashHeartbeatToken,
  listHeartbeats,
  recordBeat,
} from "../../monitoring/heartbeats";
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

/** Beats one token may send a minute: a job runs at most once a minute, retries included. */
export const BEATS_PER_MINUTE = 10;
/** What a job may send along (curl -d ...): read and ignored. */
const BEAT_BODY_LIMIT = 4 * 1024;

/**
 * Heartbeats: a site's job calls GET or POST /api/heartbeats/<token> when it is done (with
 * ?status=fail&msg=... when it failed). Public: no session, no same-origin check (a job is not
 * a browser); the token is the whole credential, and a wrong one answers 404 and changes
 * nothing. Beats are limited per token. Staff add, list and delete a site's heartbeats.
 */
export const heartbeatRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };

  await app.register(async (beats) => {
    // A job may post anything (curl -d): its body is not read for meaning.
    beats.removeAllContentTypeParsers();
    beats.addContentTypeParser("*", { bodyLimit: BEAT_BODY_LIMIT }, (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, undefined));
      payload.on("error", (error) => done(error, undefined));
    });
    const options = {
      // One count per token across GET and POST (a limit in each route's config would count
      // each route on its own); it replaces the per-address API limit on these routes.
      config: { rateLimit: false as const, crossSite: true },
      onRequest: beats.rateLimit({
        max: BEATS_PER_MINUTE,
        timeWindow: 60_000,
        // Counted by the token's hash: a shared store (Redis) never holds a token itself.
        keyGenerator: (request) =>
          `heartbeat:${hashHeartbeatToken((request.params as { token?: string }).token ?? "")}`,
      }),
      schema: {
        params: z.object({
          token: z.string({ error: "The heartbeat's URL must end with its token" }),
        }),
        querystring: beatQuerySchema,
        response: { 200: beatAnswerSchema, ...notFoundResponse, ...errorResponses },
      },
    };
    for (const method of ["GET", "POST"] as const) {
      beats.route({
        method,
        url: "/api/heartbeats/:token",
        ...options,
        handler: async (request, reply) => {
          reply.header("cache-control", "no-store");
          // Validated by the schema above; route() does not carry its types to the handler.
          const { token } = request.params as { token: string };
          const { status = "ok", msg } = request.query as z.infer<typeof beatQuerySchema>;
          const recorded = await recordBeat(db, token, { status, message: msg }, settings);
          if (!recorded) return reply.code(404).send(notFound("Heartbeat"));
          return { ok: true as const, ...recorded };
        },
      });
    }
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/websites/:id/heartbeats",
      {
        schema: {
          params: idParams,
          response: { 200: z.array(heartbeatSchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const list = await listHeartbeats(db, request.params.id);
        return list ?? reply.code(404).send(notFound("Website"));
      },
    );

    staff.post(
      "/api/admin/websites/:id/heartbeats",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: heartbeatInputSchema,
          response: { 201: createdHeartbeatSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const created = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createHeartbeat(
            tx,
            request.params.id,
            request.body,
            config.publicUrl,
          );
          if (!created) return undefined;
          const { companyId, url: _secret, ...heartbeat } = created;
          // The audit names the heartbeat, never its URL.
          await audit({
            action: "heartbeat.created",
            targetType: "heartbeat",
            targetId: heartbeat.id,
            companyId,
            changes: { after: { websiteId: heartbeat.websiteId, ...request.body } },
          });
          return created;
        });
        if (!created) return reply.code(404).send(notFound("Website"));
        const { companyId: _company, ...answer } = created;
        return reply.code(201).header("cache-control", "no-store").send(answer);
      },
    );

    staff.delete(
      "/api/admin/heartbeats/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const deleted = await withAudit(db, auditContext(request), async (tx, audit) => {
          const deleted = await deleteHeartbeat(tx, request.params.id);
          if (!deleted) return undefined;
          await audit({
            action: "heartbeat.deleted",
            targetType: "heartbeat",
            targetId: deleted.id,
            companyId: deleted.companyId,
            changes: { before: { websiteId: deleted.websiteId, name: deleted.name } },
          });
          return deleted;
        });
        return deleted ? reply.code(204).send(null) : reply.code(404).send(notFound("Heartbeat"));
      },
    );
  });
};
