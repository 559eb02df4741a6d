import { createServer, request, type IncomingHttpHeaders } from "node:http";

/**
 * An HTTP reverse proxy on 127.0.0.1 in front of the app, doing what the nginx configuration in
 * docs/deploy.md does: it keeps the Host, appends the address of whoever connected to it to
 * X-Forwarded-For, and sets X-Forwarded-Proto to `scheme` ("https": as if it had terminated TLS).
 */
export async function startReverseProxy(targetPort: number, scheme: "https" | "http" = "https") {
  const server = createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers["x-forwarded-for"], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const { connection: _hopByHop, ...headers } = incoming.headers;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: targetPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": scheme },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}
