import { createServer, type Server } from "node:http";
import { bearerToken, sameSecret } from "../credentials";

/** Whether a scrape may read the figures: always without METRICS_TOKEN, else with it. */
export const scrapeAllowed = (authorization: string | undefined, token: string | undefined) =>
  token === undefined || sameSecret(bearerToken(authorization), token);

export const UNAUTHORIZED = "Send METRICS_TOKEN as Authorization: Bearer <token>\n";

export type MetricsServerOptions = {
  port: number;
  host: string;
  /** Set: a scrape must send it as a bearer token. */
  token: string | undefined;
  /** The figures in Prometheus's text format. */
  scrape: () => Promise<string>;
  contentType: string;
  log: { error(object: object, message: string): void };
};

/**
 * METRICS_PORT: a listener of its own that answers `GET /metrics` and nothing else, apart from
 * the site's port, so the figures are never public (firewall the port, or set METRICS_TOKEN).
 */
export async function listenForScrapes(options: MetricsServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Only GET /metrics here\n");
      return;
    }
    if (!scrapeAllowed(request.headers.authorization, options.token)) {
      response
        .writeHead(401, {
          "content-type": "text/plain",
          "www-authenticate": 'Bearer realm="metrics"',
        })
        .end(UNAUTHORIZED);
      return;
    }
    options.scrape().then(
      (text) => response.writeHead(200, { "content-type": options.contentType }).end(text),
      (error: unknown) => {
        options.log.error({ err: error }, "metrics: scrape failed");
        response.writeHead(500, { "content-type": "text/plain" }).end("Scrape failed\n");
      },
    );
  });
  // Prometheus keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

/** Stops the listener and whatever connection Prometheus keeps open. */
export function closeScrapes(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
