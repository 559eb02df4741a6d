import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { createPostgresDatabase, dropPostgresDatabase } from "../../tests/support/database";
import { fakeBuild } from "../../tests/support/fake-build";
import { startTcpProxy } from "../../tests/support/tcp-proxy";
import { openDatabase } from "./db/client";

const contact = {
  name: "Outage Tester",
  email: "outage@example.com",
  subject: "Are you there?",
  message: "Checking what happens while the database is away.",
};

describe.runIf(process.env.TEST_DATABASE_URL)("when PostgreSQL goes away and comes back", () => {
  let t: TestApp;
  let url: string;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  const clientDir = mkdtempSync(path.join(tmpdir(), "harborline-outage-"));

  beforeAll(async () => {
    fakeBuild(clientDir);
    url = await createPostgresDatabase();
    const real = new URL(url);
    proxy = await startTcpProxy(Number(real.port || 5432), real.hostname);
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const database = await openDatabase({ url: proxied.toString() });
    t = await createTestApp(
      "postgres",
      {},
      {
        clientDir,
        database: { ...database, drop: async () => database.close() },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await dropPostgresDatabase(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  const postContact = () =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(contact),
    });

  it("answers 503 for the API and readiness, keeps serving pages, and recovers by itself", async () => {
    expect((await postContact()).statusCode).toBe(201);

    await proxy.cut();
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    const lead = await postContact();
    expect(lead.statusCode).toBe(503);
    expect(lead.json()).toEqual({
      message: "The service is briefly unavailable. Please try again in a few moments.",
    });
    expect(lead.headers["retry-after"]).toBe("5");
    const page = await t.app.inject({ method: "GET", url: "/pricing" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>pricing</h1>");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    await proxy.restore();
    await expect
      .poll(async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode, {
        timeout: 15_000,
      })
      .toBe(200);
    expect((await postContact()).statusCode).toBe(201);
  });
});
