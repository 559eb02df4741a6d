import { connect } from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { freePort } from "../../../tests/support/server-process";
import { queryRows } from "../db/client";

describe.each(databaseKinds)("health checks on %s", { timeout: 120_000 }, (kind) => {
  it("/healthz answers while the process runs; /readyz only while the database answers", async () => {
    const t = await createTestApp(kind);
    try {
      const health = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok" });
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });

      await t.database.close();
      const down = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "database unavailable" });
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("/readyz answers 503 until the database has every migration this build ships", async () => {
    const t = await createTestApp(kind);
    try {
      // The database as an older version left it: its newest migration not applied yet.
      const [newest] = await queryRows<{ hash: string; created_at: string }>(
        t.database.db,
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning hash, created_at`,
      );
      const pending = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: "migrations pending" });
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${newest!.hash}, ${newest!.created_at})`,
      );
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("/readyz while the server shuts down", { timeout: 120_000 }, () => {
  it("answers 503 to a load balancer's check that arrives once closing has begun", async () => {
    const t = await createTestApp("pglite");
    const port = await freePort();
    await t.app.listen({ port, host: "127.0.0.1" });
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => {}); // The answers say what happened.
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    try {
      await new Promise((resolve) => socket.once("connect", resolve));
      // A request in flight (its body still arriving) keeps the connection open while closing.
      const body = JSON.stringify({
        name: "In Flight",
        email: "inflight@example.com",
        subject: "Sent during shutdown",
        message: "This message arrives while the server is shutting down.",
      });
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
      );
      // The server has the request's headers (a busy machine may take a while).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const closed = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The rest of the body, then the check on the same connection.
      socket.write(`${body.slice(20)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await closed;
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      expect(statuses, received).toEqual(["201", "503"]);
    } finally {
      socket.destroy();
      await t.close();
    }
  });
});
