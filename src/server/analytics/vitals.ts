import { sql } from "drizzle-orm";
import { z } from "zod";
import { vitalMetrics, type VitalMetric } from "@shared/vitals";
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
export const vitalsEventSchema = pageViewEventSchema
  .pick({ site: true, url: true, width: true })
  .extend({
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

/** Writes queued vitals in one multi-row INSERT from a single JSON parameter (createWriteBuffer). */
export async function writeVitals(db: Db, rows: VitalsRow[]) {
  await db.execute(sql`
    insert into web_vitals (website_id, occurred_at, day, path, device, lcp, inp, cls, fcp, ttfb)
    select v."websiteId", v."occurredAt", v.day, v.path, v.device, v.lcp, v.inp, v.cls, v.fcp, v.ttfb
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(
      "websiteId" uuid, "occurredAt" timestamptz, day date, path text, device text,
      lcp float8, inp float8, cls float8, fcp float8, ttfb float8
    )
    -- A website deleted since its key was cached takes its vitals with it.
    where exists (select 1 from websites w where w.id = v."websiteId")`);
}

/** Where acceptVitals queues a row: the ingest's write buffer of vitals. */
export type VitalsBuffer = { add(row: VitalsRow): boolean };
