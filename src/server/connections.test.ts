import { connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { connectionLimits } from "./app";

/** A raw TCP client: what the server sent, and when it closed the connection. */
async function openSocket(port: number) {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  return {
    socket,
    received: () => received,
    closed,
    /** Resolves once `text` has arrived. */
    waitFor: (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.includes(text)) return resolve();
          if (socket.destroyed) return reject(new Error(`closed before "${text}": ${received}`));
          socket.once("data", check);
          socket.once("close", check);
        };
        check();
      }),
  };
}

const healthCheck = "GET /healthz HTTP/1.1\r\nHost: harborline.example\r\n\r\n";

/** Writes one piece every second until the socket is closed; returns a stop function. */
function dribble(socket: Socket, piece: string) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(piece);
  }, 1_000);
  socket.once("close", () => clearInterval(timer));
  return () => clearInterval(timer);
}

const seconds = (ms: number) => ms / 1000;

describe("connection timeouts", { timeout: 150_000 }, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.concurrent(
    "cuts off a client that sends its headers too slowly (slowloris) with 408",
    async () => {
      const client = await openSocket(port);
      const start = Date.now();
      client.socket.write("GET /healthz HTTP/1.1\r\nHost: harborline.example\r\n");
      dribble(client.socket, "X-Slow: 1\r\n");
      const elapsed = seconds((await client.closed) - start);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
      // 10 s, and generous room for a busy machine.
      expect(elapsed).toBeGreaterThanOrEqual(seconds(connectionLimits.headersTimeoutMs) - 1);
      expect(elapsed).toBeLessThan(seconds(connectionLimits.headersTimeoutMs) + 15);
    },
  );

  it.concurrent("cuts off a client that sends its body too slowly with 408", async () => {
    const client = await openSocket(port);
    const start = Date.now();
    client.socket.write(
      "POST /api/contact HTTP/1.1\r\nHost: harborline.example\r\n" +
        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    dribble(client.socket, " ");
    const elapsed = seconds((await client.closed) - start);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeGreaterThanOrEqual(seconds(connectionLimits.requestTimeoutMs) - 1);
    expect(elapsed).toBeLessThan(seconds(connectionLimits.requestTimeoutMs) + 15);
  });

  it.concurrent("closes an idle keep-alive connection after 65 s, as it announces", async () => {
    const client = await openSocket(port);
    client.socket.write(healthCheck);
    await client.waitFor("\r\n\r\n");
    const answered = Date.now();
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toMatch(/^Keep-Alive: timeout=65\r$/im);
    const elapsed = seconds((await client.closed) - answered);
    expect(elapsed).toBeGreaterThanOrEqual(seconds(connectionLimits.keepAliveTimeoutMs) - 1);
    expect(elapsed).toBeLessThan(seconds(connectionLimits.keepAliveTimeoutMs) + 15);
  });
});

describe("connection cap", { timeout: 60_000 }, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("closes connections past the cap unanswered, and takes new ones once others end", async () => {
    // Held connections that have had an answer: idle keep-alive, not cut for slow headers.
    const held: Awaited<ReturnType<typeof openSocket>>[] = [];
    try {
      for (let batch = 0; batch < connectionLimits.maxConnections / 100; batch++) {
        const opened = await Promise.all(Array.from({ length: 100 }, () => openSocket(port)));
        for (const client of opened) client.socket.write(healthCheck);
        await Promise.all(opened.map((client) => client.waitFor("\r\n\r\n")));
        held.push(...opened);
      }
      expect(held.every((client) => /^HTTP\/1\.1 200 /.test(client.received()))).toBe(true);

      const refused = await openSocket(port);
      refused.socket.write(healthCheck);
      await refused.closed;
      expect(refused.received()).toBe("");

      for (const client of held.splice(0, 10)) client.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const accepted = await openSocket(port);
      accepted.socket.write(healthCheck);
      await accepted.waitFor("\r\n\r\n");
      expect(accepted.received()).toMatch(/^HTTP\/1\.1 200 /);
      accepted.socket.destroy();
    } finally {
      for (const client of held) client.socket.destroy();
    }
  });
});
