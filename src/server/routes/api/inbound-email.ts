import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { inboundResultSchema, postmarkInboundSchema } from "@shared/schemas/emails";
import { sameSecret } from "../../credentials";
import { inboundSettings, MAX_INBOUND_BYTES, receiveInboundMail } from "../../inbound/inbound";
import { fromPostmark } from "../../inbound/inbound-parse";
import { errorBody, errorResponses } from "./common";
import type { AttachmentRouteOptions } from "./ticket-attachments";

/** A message at the size limit, base64-encoded in JSON, with room for its text. */
const WEBHOOK_BODY_LIMIT = Math.ceil((MAX_INBOUND_BYTES * 4) / 3) + 2 * 1024 * 1024;

/**
 * Received mail from a provider: Postmark's inbound webhook, the other way in besides the SMTP
 * listener (docs/inbound-email.md). Postmark is given the URL with the shared secret as the
 * password of HTTP Basic authentication; a wrong or missing secret gets 401 before the body is
 * read. A taken or refused email alike answers 200 with what became of it: the provider
 * delivered it, and a retry would change nothing.
 */
export const inboundEmailRoutes: FastifyPluginAsyncZod<AttachmentRouteOptions> = async (
  app,
  { db, config, store },
) => {
  const secret = config.inbound.webhookSecret;

  const checkSecret = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!secret) {
      return reply.code(404).send({
        message: "Receiving mail by webhook is not set up here: set INBOUND_WEBHOOK_SECRET.",
      });
    }
    if (!sameSecret(basicPassword(request.headers.authorization), secret)) {
      return reply.code(401).header("www-authenticate", 'Basic realm="inbound mail"').send({
        message:
          "Unauthorized: give INBOUND_WEBHOOK_SECRET as the password of the webhook URL (https://inbound:SECRET@host/api/inbound/postmark).",
      });
    }
  };

  app.post(
    "/api/inbound/postmark",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: checkSecret,
      schema: {
        body: postmarkInboundSchema,
        response: { 200: inboundResultSchema, 404: errorBody, ...errorResponses },
      },
    },
    async (request) => {
      const outcome = await receiveInboundMail(
        {
          db,
          settings: inboundSettings(config),
          log: request.log,
          attachments: store,
        },
        await fromPostmark(request.body, request.ip ?? null),
      );
      return outcome.outcome === "rejected"
        ? { outcome: outcome.outcome, reason: outcome.reason }
        : outcome.outcome === "duplicate"
          ? { outcome: outcome.outcome }
          : {
              outcome: outcome.outcome,
              ticketId: outcome.ticketId,
              ...(outcome.note ? { reason: outcome.note } : {}),
            };
    },
  );
};

/** The password of an HTTP Basic Authorization header, or undefined. */
function basicPassword(header: string | undefined): string | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return undefined;
  const credentials = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = credentials.indexOf(":");
  return colon < 0 ? undefined : credentials.slice(colon + 1);
}
