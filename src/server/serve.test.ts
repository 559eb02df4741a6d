import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-drain-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A lead as the contact form sends it: a request that writes, to show the server still serves. */
const contact = (url: string, n: number) =>
  fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Late Sender ${n}`,
      email: `late${n}@example.com`,
      subject: "Sent while draining",
      message: "This message arrives after SIGTERM, before the server stops accepting.",
    }),
  });

// The real process entry, started on a new embedded database: allow for a busy machine.
describe("the server process after SIGTERM", { timeout: 120_000 }, () => {
  it("answers /readyz 503 at once, serves everything else for SHUTDOWN_DELAY_SECONDS, then exits 0", async () => {
    const delaySeconds = 4;
    const server = startServer(await freePort(), {
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_SECONDS: String(delaySeconds),
    });
    try {
      await waitForReady(server);
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { interval: 50 })
        .toBe(503);
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
        status: "shutting down",
      });
      expect(Date.now() - signalled).toBeLessThan(delaySeconds * 1000);

      // Meanwhile a load balancer that has not yet noticed still gets answers, on new
      // connections too.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const sent = await contact(server.url, 1);
      expect(sent.status).toBe(201);
      expect((await sent.json()).reference).toMatch(/^HL-/);
      expect(Date.now() - signalled).toBeLessThan(delaySeconds * 1000);

      expect(await server.exit).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(delaySeconds * 1000);
      expect(server.output()).toMatch(/SIGTERM received: \/readyz answers 503; serving 4 s more/);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});
