import { z } from "zod";
import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  WEBHOOK_EVENT_RETENTION_DAYS,
} from "@shared/schemas/webhooks";
import { auditContext, withAudit } from "../../audit/audit";
import { createSecretBox } from "../../auth/secret-box";
import { refuse } from "../../plugins/errors";
import { eventListQuerySchema, eventPageSchema } from "@shared/schemas/webhook-events";
import { listDeliveries, redeliver } from "../../webhooks/deliveries";
import { listEvents } from "../../webhooks/event-log";
import {
  createEndpoint,
  deleteEndpoint,
  endpointExists,
  listEndpoints,
  setEndpointEnabled,
  WEBHOOK_SECRET_PURPOSE,
} from "../../webhooks/endpoints";
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

/**
 * Webhooks, for staff: endpoints (the address, the events, a secret shown once), each one's
 * delivery log, and redelivery. Every write is audited; the audit never holds a secret.
 */
export const webhookRoutes: RoutePlugin = async (app, { db, config }) => {
  const box = createSecretBox(config.sessionSecret, WEBHOOK_SECRET_PURPOSE);
  const rules = {
    production: config.env === "production",
    allowPrivate: config.monitorAllowPrivate,
  };

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/webhooks",
      { schema: { response: { 200: z.array(webhookEndpointSchema), ...errorResponses } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return listEndpoints(db);
      },
    );

    staff.post(
      "/api/admin/webhooks",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: webhookEndpointInputSchema,
          response: { 201: createdWebhookEndpointSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const outcome = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createEndpoint(tx, request.body, box, rules);
          if (!created.ok) return created;
          const { secret: _secret, ...endpoint } = created.value;
          await audit({
            action: "webhook.created",
            targetType: "webhook_endpoint",
            targetId: endpoint.id,
            changes: { after: { url: endpoint.url, events: endpoint.events } },
          });
          return created;
        });
        if (!outcome.ok) return refuse(reply, outcome);
        return reply.code(201).header("cache-control", "no-store").send(outcome.value);
      },
    );

    staff.patch(
      "/api/admin/webhooks/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: webhookEndpointUpdateSchema,
          response: { 200: webhookEndpointSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const changed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const changed = await setEndpointEnabled(tx, request.params.id, request.body.enabled);
          if (!changed) return undefined;
          await audit({
            action: "webhook.updated",
            targetType: "webhook_endpoint",
            targetId: request.params.id,
            changes: {
              before: { enabled: changed.before.enabled },
              after: { enabled: changed.after.enabled },
            },
          });
          return changed.after;
        });
        return changed ?? reply.code(404).send(notFound("Webhook endpoint"));
      },
    );

    staff.delete(
      "/api/admin/webhooks/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const deleted = await withAudit(db, auditContext(request), async (tx, audit) => {
          const deleted = await deleteEndpoint(tx, request.params.id);
          if (!deleted) return undefined;
          await audit({
            action: "webhook.deleted",
            targetType: "webhook_endpoint",
            targetId: deleted.id,
            changes: { before: { url: deleted.url, events: deleted.events } },
          });
          return deleted;
        });
        if (!deleted) return reply.code(404).send(notFound("Webhook endpoint"));
        return reply.code(204).send(null);
      },
    );

    staff.get(
      "/api/admin/webhooks/:id/deliveries",
      {
        schema: {
          params: idParams,
          response: { 200: z.array(webhookDeliverySchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        if (!(await endpointExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Webhook endpoint"));
        }
        return listDeliveries(db, request.params.id);
      },
    );

    // The event log, for the `events` scope: what an integrator missed, to catch up on.
    staff.get(
      "/api/admin/events",
      {
        schema: {
          tags: ["Webhooks"],
          summary: "List events, oldest first, after the one last seen",
          description:
            `Events are kept ${WEBHOOK_EVENT_RETENTION_DAYS} days (their bodies hold personal ` +
            "data), then deleted, unless a delivery of one is still pending. Erasing a client " +
            "erases its events.",
          querystring: eventListQuerySchema,
          response: { 200: eventPageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const page = await listEvents(db, request.query);
        return page.ok ? page.value : refuse(reply, page);
      },
    );

    staff.post(
      "/api/admin/webhook-deliveries/:id/redeliver",
      {
        schema: {
          params: idParams,
          response: { 202: z.object({ id: z.uuid() }), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const again = await withAudit(db, auditContext(request), async (tx, audit) => {
          const again = await redeliver(tx, request.params.id);
          if (!again) return undefined;
          await audit({
            action: "webhook.redelivered",
            targetType: "webhook_delivery",
            targetId: again.id,
            changes: { after: { eventId: again.eventId, endpointId: again.endpointId } },
          });
          return again;
        });
        if (!again) return reply.code(404).send(notFound("Webhook delivery"));
        return reply.code(202).send({ id: again.id });
      },
    );
  });
};
