import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { outboxBacklog } from "../mail/outbox";
import {
  collectProcessMetrics,
  dbPoolConnections,
  eventsBuffered,
  httpRequestDuration,
  metricsContentType,
  outboxOldestAge,
  outboxQueued,
  readWhenScraped,
  scrape,
} from "../metrics/metrics";
import { scrapeAllowed, UNAUTHORIZED } from "../metrics/server";

export type MetricsOptions = {
  config: Pick<Config, "metrics">;
  database: Database;
  /** The analytics write buffers, by kind: their length is read when scraped. */
  buffers: Record<string, { readonly pending: number }>;
};

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Prometheus's figures (docs/deploy.md, Metrics), when METRICS_PORT or METRICS_TOKEN is set:
 * each answer counted by its route's pattern (never the address asked for, so the labels stay
 * few) and status class, and what the database and the buffers hold read when scraped. Without
 * METRICS_PORT, `GET /metrics` on the site's port asks for METRICS_TOKEN; with it, the site's port
 * has no /metrics (serve.ts listens on METRICS_PORT). Register before the routes it counts.
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, database, buffers }: MetricsOptions,
) {
  const { port, token } = config.metrics;
  if (port === undefined && token === undefined) return;
  collectProcessMetrics();

  app.addHook("onResponse", (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const stopReading = readWhenScraped(async () => {
    const pool = database.poolUse();
    for (const state of ["total", "idle", "waiting", "max"] as const) {
      dbPoolConnections.set({ state }, pool[state]);
    }
    for (const [kind, buffer] of Object.entries(buffers)) {
      eventsBuffered.set({ kind }, buffer.pending);
    }
    const backlog = await outboxBacklog(database.db);
    outboxQueued.set(backlog.queued);
    outboxOldestAge.set(backlog.oldestAgeSeconds);
  });
  app.addHook("onClose", async () => stopReading());

  if (port !== undefined) return;
  app.get("/metrics", async (request, reply) => {
    if (!scrapeAllowed(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .type("text/plain")
        .send(UNAUTHORIZED);
    }
    return reply.type(metricsContentType).send(await scrape());
  });
}
