import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** The message of the one line each request writes. */
export const REQUEST_LINE = "request";

/**
 * What a request says of itself in the log: its method and its route's pattern
 * (`/api/invoices/:id`), never the address asked for, whose path or query may hold a token
 * (a sign-in link, a share link, a heartbeat). No headers (cookies, Authorization), no body.
 */
export function requestFields(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions?.url ?? null };
}

/**
 * The one line a request writes when its answer is sent: the request id (Fastify's `reqId`, on
 * every line the request logs), method, route pattern, status, duration in milliseconds, and
 * the signed-in user's id.
 */
function requestLine(request: FastifyRequest, reply: FastifyReply) {
  const userId = request.user?.id ?? request.session?.userId;
  return {
    ...requestFields(request),
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
    ...(userId ? { userId } : {}),
  };
}

/**
 * Fastify's own request logging, replaced: its lines are two a request, carry the raw URL
 * (query and all) and repeat the URL of a route not found. Here a request writes one line, and
 * an error Fastify logs carries no request, only the error (its serializer is error-log.ts).
 * The built pages and page views answered before Fastify (plugins/static-fast-path.ts) write
 * no line: the reverse proxy's access log has them.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = requestLine(request, reply);
    if (error) reply.log.error({ ...line, err: error }, REQUEST_LINE);
    else reply.log.info(line, REQUEST_LINE);
  }

  override routeNotFound() {}

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, "request failed");
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ err: error }, "could not write the answer's headers");
  }
}

/** pino's serializers of a request and an answer, should anything log one: none of their secrets. */
export const requestSerializers = {
  req: (request: FastifyRequest) => requestFields(request),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
};
