import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { sample } from "../../../tests/support/metrics-text";
import { outboxEmails } from "../db/schema";
import { registry } from "../metrics/metrics";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const bearer = { authorization: `Bearer ${TOKEN}` };

/**
 * A series' value as prom-client's registry holds it, matched by name and labels. The scraped
 * text is checked as well, line by line; a Prometheus text-format parser would read it whole.
 */
async function figure(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metrics = await registry.getMetricsAsJSON();
  const values = metrics
    .flatMap((metric) =>
      metric.values.map((value) => ({
        ...value,
        metricName: (value as { metricName?: string }).metricName ?? metric.name,
      })),
    )
    .filter(
      (value) =>
        value.metricName === name &&
        Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
    );
  return values.reduce((sum, value) => sum + value.value, 0);
}

const scrape = async (t: TestApp) => {
  const answer = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each test builds the whole app: allow for a slow, busy machine.
describe.each(databaseKinds)("/metrics on %s", { timeout: 120_000 }, (kind) => {
  it("asks for METRICS_TOKEN, then counts known traffic by route pattern and status class", async () => {
    const t = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
    try {
      expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
      const wrong = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer not-the-token-not-the-token" },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers["www-authenticate"]).toBe('Bearer realm="metrics"');

      const health = { method: "GET", route: "/healthz", status_class: "2xx" };
      const contact = { method: "POST", route: "/api/contact", status_class: "2xx" };
      const badContact = { method: "POST", route: "/api/contact", status_class: "4xx" };
      const count = "harborline_http_request_duration_seconds_count";
      const before = {
        health: await figure(count, health),
        contact: await figure(count, contact),
        badContact: await figure(count, badContact),
        sent: await figure("harborline_emails_sent_total"),
      };
      for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: `/healthz?n=${i}` });
      const lead = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { origin: t.config.publicUrl },
        payload: {
          name: "Metrics Tester",
          email: "metrics@example.com",
          subject: "Counting requests",
          message: "A message sent to see it counted in the figures.",
        },
      });
      expect(lead.statusCode).toBe(201);
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { origin: t.config.publicUrl },
        payload: { name: "" },
      });
      expect(refused.statusCode).toBe(400);

      expect(await figure(count, health)).toBe(before.health + 3);
      expect(await figure(count, contact)).toBe(before.contact + 1);
      expect(await figure(count, badContact)).toBe(before.badContact + 1);
      // The lead's two emails (the agency's notice and the sender's receipt) are sent.
      await until("the lead's emails sent", async () => {
        return (await figure("harborline_emails_sent_total")) >= before.sent + 2;
      });

      const text = await scrape(t);
      // By pattern, never by the address asked for: no query string, no id in a label.
      expect(text).not.toMatch(/route="[^"]*\?/);
      expect(sample(text, count, { ...health, process: "0" })).toBe(await figure(count, health));
      expect(text).toMatch(/^harborline_emails_sent_total\{process="0"\} \d+$/m);
      // What the process holds and the database knows, read at the scrape.
      expect(text).toMatch(/^process_resident_memory_bytes\{process="0"\} \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{process="0"\} [\d.e-]+$/m);
      expect(sample(text, "harborline_db_pool_connections", { state: "max" })).toBe(
        kind === "pglite" ? 1 : 10,
      );
      expect(sample(text, "harborline_events_buffered", { kind: "page views" })).toBe(0);
      // The billing schedule's first pass ran when the app was ready.
      expect(await figure("harborline_job_runs_total", { job: "billing_run" })).toBeGreaterThan(0);
      expect(
        sample(text, "harborline_job_duration_seconds_count", { job: "billing_run", process: "0" }),
      ).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it("reads the outbox's queue and its oldest email's age when scraped", async () => {
    const t = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
    try {
      const hour = 3_600_000;
      // Two emails not due for an hour (a retry's back-off), the older queued 10 minutes ago.
      await t.database.db.insert(outboxEmails).values(
        [10, 1].map((minutes) => ({
          kind: "lead-notification",
          to: "agency@example.com",
          subject: "Waiting",
          text: "Waiting",
          html: "<p>Waiting</p>",
          nextAttemptAt: new Date(Date.now() + hour),
          createdAt: new Date(Date.now() - minutes * 60_000),
        })),
      );
      const text = await scrape(t);
      expect(sample(text, "harborline_outbox_queued_emails")).toBe(2);
      const age = sample(text, "harborline_outbox_oldest_email_age_seconds")!;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(660);
    } finally {
      await t.close();
    }
  });
});

describe("/metrics on the site's port", { timeout: 180_000 }, () => {
  it("is not there without METRICS_TOKEN, nor when METRICS_PORT serves the figures", async () => {
    for (const env of [
      {},
      { METRICS_PORT: "4819" },
      { METRICS_PORT: "4819", METRICS_TOKEN: TOKEN },
    ]) {
      const t = await createTestApp("pglite", env);
      try {
        const answer = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer });
        expect(answer.statusCode, JSON.stringify(env)).toBe(404);
      } finally {
        await t.close();
      }
    }
  });
});
