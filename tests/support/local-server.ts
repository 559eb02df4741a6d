import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

/** Listens on 127.0.0.1 (a free port) and returns the server's address. */
export type Server = http.Server | https.Server;
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return `${server instanceof https.Server ? "https" : "http"}://127.0.0.1:${port}/`;
}
export const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
