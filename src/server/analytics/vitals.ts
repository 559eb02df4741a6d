import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { vitalMetrics, type VitalMetric } from "@shared/schemas/vitals";
import type { Db } from "../db/client";
import {
  deviceOf,
  pageViewEventSchema,
  pathOf,
  utcDate,
  type AnalyticsSite,
  type Device,
} from "./ingest";
import { VITAL_MAX } from "./vitals-buckets";

/*
 * Real-user speed (docs/analytics.md, decision 022): what /js/hl-vitals.js sends once per page
 * view when the page is hidden, its checks, and the buffer that writes it to web_vitals in
 * batches. POST /api/events takes it as { type: "vitals", ... } beside the page views.
 */

const metricList = vitalMetrics.join(", ");

const metricValue = (metric: VitalMetric) => {
  const name = metric.toUpperCase();
  const unit = metric === "cls" ? "" : " ms";
  const max = VITAL_MAX[metric];
  return z
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be at least 0` })
    .max(max, {
      error: `${name} must be at most ${max}${unit}${metric === "cls" ? "" : " (10 minutes)"}`,
    })
    .optional();
};

/** What hl-vitals.js sends: the page, the screen width and the metrics the browser reported. */
export const vitalsEventSchema = pageViewEventSchema.omit({ referrer: true }).extend({
  type: z.literal("vitals", { error: 'type must be "vitals"' }),
  metrics: z
    .strictObject(
      {
        lcp: metricValue("lcp"),
        inp: metricValue("inp"),
        cls: metricValue("cls"),
        fcp: metricValue("fcp"),
        ttfb: metricValue("ttfb"),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? `Unknown metric ${issue.keys.join(", ")}: the metrics are ${metricList}`
            : `metrics must be an object of ${metricList}`,
      },
    )
    .refine((metrics) => vitalMetrics.some((metric) => metrics[metric] !== undefined), {
      error: `metrics must hold at least one of ${metricList}`,
    }),
});
export type VitalsEvent = z.infer<typeof vitalsEventSchema>;

/** One web_vitals row, ready to write. */
export type VitalsRow = {
  websiteId: string;
  occurredAt: string;
  day: string;
  path: string;
  device: Device;
} & Partial<Record<VitalMetric, number>>;

type Answer = { status: 202 } | { status: 403 | 503; body: { message: string } };

/**
 * A vitals event from one of the site's own host names (events.ts checked the key, the host and
 * the user agent): refused while staff have real-user speed off, else queued.
 */
export function acceptVitals(
  buffer: VitalsBuffer,
  site: AnalyticsSite,
  event: VitalsEvent,
  now: Date,
): Answer {
  if (!site.vitalsEnabled) {
    return {
      status: 403,
      body: {
        message:
          "Real-user speed is off for this site: staff turn it on in the back office, and the tracking code then carries data-vitals.",
      },
    };
  }
  const added = buffer.add({
    websiteId: site.id,
    occurredAt: now.toISOString(),
    day: utcDate(now),
    path: pathOf(event.url),
    device: deviceOf(event.width),
    ...event.metrics,
  });
  if (!added) {
    return { status: 503, body: { message: "Too many events waiting: try again shortly." } };
  }
  return { status: 202 };
}

export type VitalsBufferOptions = {
  db: Db;
  log: FastifyBaseLogger;
  flushMs?: number;
  batchSize?: number;
  maxPending?: number;
};

/**
 * Vitals waiting to be written, as page views wait (ingest.ts): one flush at a time, each one
 * multi-row INSERT from a single JSON parameter; close() writes what is left.
 */
export function createVitalsBuffer({
  db,
  log,
  flushMs = 250,
  batchSize = 1000,
  maxPending = 50_000,
}: VitalsBufferOptions) {
  const pending: VitalsRow[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function write(rows: VitalsRow[]) {
    await db.execute(sql`
      insert into web_vitals (website_id, occurred_at, day, path, device, lcp, inp, cls, fcp, ttfb)
      select v."websiteId", v."occurredAt", v.day, v.path, v.device, v.lcp, v.inp, v.cls, v.fcp, v.ttfb
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(
        "websiteId" uuid, "occurredAt" timestamptz, day date, path text, device text,
        lcp float8, inp float8, cls float8, fcp float8, ttfb float8
      )
      where exists (select 1 from websites w where w.id = v."websiteId")`);
  }

  async function drain() {
    while (pending.length > 0) {
      const rows = pending.splice(0, batchSize);
      try {
        await write(rows);
      } catch (error) {
        if (pending.length + rows.length <= maxPending) pending.unshift(...rows);
        else log.error({ dropped: rows.length }, "vitals dropped: the buffer is full");
        throw error;
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= drain()
      .catch((error: unknown) => log.error({ err: error }, "vitals not written"))
      .finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    add(row: VitalsRow): boolean {
      if (pending.length >= maxPending) return false;
      pending.push(row);
      if (pending.length >= batchSize && !flushing) void flush();
      return true;
    },
    flush,
    get pending() {
      return pending.length;
    },
    start() {
      timer ??= setInterval(() => {
        if (pending.length > 0 && !flushing) void flush();
      }, flushMs);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush();
    },
  };
}
export type VitalsBuffer = ReturnType<typeof createVitalsBuffer>;
