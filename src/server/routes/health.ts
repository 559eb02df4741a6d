import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client";

const status = z.object({ status: z.string() });
const READY_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process answers (liveness). /readyz: it may be sent traffic (readiness): 503
 * until the database has every migration this build ships and answers. From SIGTERM it answers
 * 503 again: first while the server still serves everything else for SHUTDOWN_DELAY_SECONDS
 * (`draining`, serve.ts), so a load balancer stops sending first; then as every request does
 * once the server closes (Fastify's return503OnClosing, app.ts), and new connections are refused.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  draining: () => boolean;
}> = async (app, { database, draining }) => {
  // Once every migration is there it stays there: later checks only ask the database to answer.
  let migrated = false;

  app.get("/healthz", { schema: { response: { 200: status } } }, async () => ({ status: "ok" }));

  app.get(
    "/readyz",
    { schema: { response: { 200: status, 503: status } } },
    async (request, reply) => {
      if (draining()) return reply.code(503).send({ status: "shutting down" });
      try {
        if (!migrated) migrated = await withTimeout(database.migrated(), READY_TIMEOUT_MS);
        if (!migrated) return reply.code(503).send({ status: "migrations pending" });
        await withTimeout(database.ping(), READY_TIMEOUT_MS);
        return { status: "ready" };
      } catch (error) {
        request.log.warn({ err: error }, "database not reachable");
        return reply.code(503).send({ status: "database unavailable" });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
