import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";

describe.each(databaseKinds)("health checks on %s", (kind) => {
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
});
