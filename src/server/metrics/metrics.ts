import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";
import { processLabel } from "./process-label";

/**
 * This process's figures, in Prometheus's format (docs/deploy.md, Metrics). Each server process
 * counts its own and labels them `process` (its place among WEB_CONCURRENCY's, "0" alone); with
 * several, the first process gathers them all on METRICS_PORT (metrics/cluster.ts). Counting is
 * a few additions in memory; what the database knows (the outbox's queue, the pool) is read only
 * when scraped.
 */
export const registry = new Registry();
registry.setDefaultLabels({ process: processLabel() });

/** Seconds: from a millisecond to a minute, for requests and scheduled passes. */
const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequestDuration = new Histogram({
  name: "harborline_http_request_duration_seconds",
  help: "Requests the app's routes answered, by method, route pattern and status class (its _count is the request count)",
  labelNames: ["method", "route", "status_class"] as const,
  buckets: durationBuckets,
  registers: [registry],
});

export const emailsSent = new Counter({
  name: "harborline_emails_sent_total",
  help: "Emails the mail server accepted",
  registers: [registry],
});

export const emailsFailed = new Counter({
  name: "harborline_emails_failed_total",
  help: 'Tries to send an email that failed; final="true" when it was the last try and the email is marked failed',
  labelNames: ["final"] as const,
  registers: [registry],
});

export const outboxQueued = new Gauge({
  name: "harborline_outbox_queued_emails",
  help: "Emails waiting in the outbox to be sent (the whole database's, as this process reads it)",
  registers: [registry],
});

export const outboxOldestAge = new Gauge({
  name: "harborline_outbox_oldest_email_age_seconds",
  help: "How long the oldest email waiting in the outbox has waited (0 when none waits)",
  registers: [registry],
});

export const monitorChecks = new Counter({
  name: "harborline_monitor_checks_total",
  help: "Website checks the monitor made, by result (up or down)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const monitorLateness = new Histogram({
  name: "harborline_monitor_check_lateness_seconds",
  help: "How long after its scheduled time each website check started",
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
});

export const eventsIngested = new Counter({
  name: "harborline_events_ingested_total",
  help: "Analytics events taken into a write buffer, by kind (page views, goals, vitals)",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const eventsBuffered = new Gauge({
  name: "harborline_events_buffered",
  help: "Analytics events waiting in this process's write buffers, by kind",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: "harborline_job_runs_total",
  help: "Passes of each scheduled job in this process",
  labelNames: ["job"] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: "harborline_job_failures_total",
  help: "Passes of each scheduled job that failed",
  labelNames: ["job"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "harborline_job_duration_seconds",
  help: "How long each scheduled job's passes took",
  labelNames: ["job"] as const,
  buckets: durationBuckets,
  registers: [registry],
});

export const dbPoolConnections = new Gauge({
  name: "harborline_db_pool_connections",
  help: "This process's database connections: open (total), idle, and requests waiting for one (waiting); max is the pool's size",
  labelNames: ["state"] as const,
  registers: [registry],
});

/** The job's name as a label: "monitor pass" becomes monitor_pass. */
const jobLabel = (name: string) => name.replace(/[^a-z0-9]+/gi, "_").toLowerCase();

/** Counts one pass of a scheduled job: its run, its duration, and whether it failed. */
export async function timeJob<T>(name: string, pass: () => Promise<T>): Promise<T> {
  const job = jobLabel(name);
  const end = jobDuration.startTimer({ job });
  jobRuns.inc({ job });
  try {
    return await pass();
  } catch (error) {
    jobFailures.inc({ job });
    throw error;
  } finally {
    end();
  }
}

let defaultsCollected = false;
/** Memory, CPU, event-loop delay and the rest of prom-client's figures of a Node process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}

type Reader = () => Promise<void> | void;
const readers = new Set<Reader>();

/**
 * Registers what to read when the figures are scraped (a query, a buffer's length) and set on
 * its gauges; returns the function that unregisters it. A reader that fails leaves its gauges
 * as they were: the scrape still answers.
 */
export function readWhenScraped(read: Reader): () => void {
  readers.add(read);
  return () => void readers.delete(read);
}

async function readAll() {
  await Promise.allSettled([...readers].map(async (read) => read()));
}

/** This process's figures in Prometheus's text format. */
export async function scrape(): Promise<string> {
  await readAll();
  return registry.metrics();
}

/** This process's figures as prom-client's JSON: what a server process sends the first one. */
export async function scrapeJson(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  await readAll();
  return registry.getMetricsAsJSON();
}

export const metricsContentType = registry.contentType;
