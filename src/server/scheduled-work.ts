import type { FastifyBaseLogger } from "fastify";
import { brand } from "@content/site";
import { checkVitalRatings } from "./analytics/vitals-alerts";
import { createPageViewRollupWorker } from "./analytics/rollup";
import { createVitalsRollupWorker } from "./analytics/vitals-rollup";
import {
  createBillingWorker,
  type BillingWorkerOptions,
  type ChargeSavedCard,
} from "./billing/scheduler";
import { savedCardCharger } from "./billing/stripe";
import {
  createCalendarFeedWorker,
  type CalendarFeedWorkerOptions,
} from "./bookings/calendar-feeds";
import { createReminderWorker, type ReminderWorkerOptions } from "./bookings/reminders";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createRdapClient } from "./domains/rdap";
import { createRdapWorker, type RdapWorkerOptions } from "./domains/rdap-check";
import { createHoursWorker, type HoursWorkerOptions } from "./hours/month-end";
import type { Mailer } from "./mail/mailer";
import { createOutboxWorker, type OutboxWorkerOptions } from "./mail/outbox";
import { createMonitorWorker, type MonitorWorkerOptions } from "./monitoring/monitor";
import { createReportsWorker, type ReportsWorkerOptions } from "./reports/archive";
import { billingSettings } from "./routes/api/common";
import { createAttachmentCleanupWorker } from "./tickets/attachments";
import { createSecretBox } from "./auth/secret-box";
import { createWebhookWorker, type WebhookWorkerOptions } from "./webhooks/deliveries";
import { WEBHOOK_SECRET_PURPOSE } from "./webhooks/endpoints";
import type { AttachmentStore } from "./tickets/attachment-store";

/** How tests pace (or turn off) each piece of scheduled work; the server uses the defaults. */
export type ScheduledWorkOptions = {
  /** How the outbox worker paces itself (tests make it quick). */
  outbox?: Pick<OutboxWorkerOptions, "pollMs" | "retryBaseMs" | "maxAttempts">;
  /**
   * The billing schedule: how autopay charges a saved card (default: through Stripe when it is
   * set up, else autopay is skipped), and for tests, a clock and a pace of their own (default:
   * BILLING_INTERVAL).
   */
  billing?: { chargeSavedCard?: ChargeSavedCard | undefined } & Pick<
    BillingWorkerOptions,
    "now" | "intervalMs"
  >;
  /**
   * The month-end drafts of care hours beyond a plan's: tests may pass a clock and a pace of
   * their own (default: BILLING_INTERVAL, as the billing schedule).
   */
  hours?: Pick<HoursWorkerOptions, "now" | "intervalMs">;
  /**
   * The monthly care reports, made on the 1st (agency time zone): off (false, what server tests
   * use unless they drive it), or a clock and pace of the test's own (default: BILLING_INTERVAL).
   */
  reports?: false | Pick<ReportsWorkerOptions, "now" | "intervalMs">;
  /** The Discovery Call reminders, a day ahead: on unless false; a test may give its clock. */
  bookingReminders?: false | Pick<ReminderWorkerOptions, "now" | "intervalMs">;
  /**
   * The staff's own calendars, each read every 10 minutes for busy times: on unless false; a
   * test may give its clock and pace.
   */
  calendarFeeds?: false | Pick<CalendarFeedWorkerOptions, "now" | "intervalMs">;
  /**
   * The uptime and certificate monitor: off (false, what tests use unless they drive it), or a
   * clock, pace and probe settings of the test's own (default: MONITOR_INTERVAL, the system's
   * certificate authorities, a 10 s timeout).
   */
  monitor?: false | Partial<Pick<MonitorWorkerOptions, "now" | "intervalMs" | "passMs" | "probe">>;
  /**
   * The daily RDAP lookup of each domain's expiry: off (false, what tests use unless they drive
   * it), or a clock and pace of the test's own.
   */
  rdap?: false | Partial<Pick<RdapWorkerOptions, "now" | "passMs">>;
  /**
   * The webhook deliveries: on unless false (a test driving its own worker's clock turns the
   * app's off); a test may give a clock and a pace.
   */
  webhooks?: false | Pick<WebhookWorkerOptions, "now" | "intervalMs">;
};

type Worker = { start(firstPassInMs: number): void; stop(): Promise<unknown> };

/**
 * Everything the server does on a schedule rather than when asked: emails, webhooks, billing,
 * month-end hours, reports, reminders, staff calendars, the monitor, RDAP, roll-ups and attachment
 * clean-up. Each worker
 * claims its due rows, so a pass runs exactly once across instances and catches up after
 * downtime. The list is started once the app is ready and stopped when it closes.
 */
export function createScheduledWork(
  {
    config,
    database,
    mailer,
    log,
    attachmentStore,
  }: {
    config: Config;
    database: Database;
    mailer: Mailer;
    log: FastifyBaseLogger;
    attachmentStore: AttachmentStore;
  },
  options: ScheduledWorkOptions,
) {
  const { db } = database;
  const settings = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };
  const billingIntervalMs = config.billingIntervalSeconds * 1000;
  const { reports, bookingReminders, calendarFeeds, monitor, rdap, webhooks } = options;
  const workers: (Worker | undefined)[] = [
    createOutboxWorker({ db, mailer, log, ...options.outbox }),
    // Webhook deliveries: signed POSTs of the events endpoints asked for, retried for 3 days.
    webhooks === false
      ? undefined
      : createWebhookWorker({
          db,
          log,
          settings: {
            box: createSecretBox(config.sessionSecret, WEBHOOK_SECRET_PURPOSE),
            allowPrivate: config.monitorAllowPrivate,
            notices: settings,
          },
          ...webhooks,
        }),
    // Ticket attachments: unsent uploads expire.
    createAttachmentCleanupWorker({ db, store: attachmentStore, log }),
    // Each finished day's page views counted once, for the dashboards' visitor figures.
    createPageViewRollupWorker({ db, log }),
    // Each finished day's vitals as histograms; raw vitals deleted after 7 days. A site's 7-day
    // LCP or INP going from good to poor: staff told once.
    createVitalsRollupWorker({ db, log, after: (at) => checkVitalRatings(db, settings, at) }),
    // Recurring invoices, reminders and autopay: at start (catching up) and every interval.
    createBillingWorker({
      db,
      settings: billingSettings(config),
      log,
      intervalMs: billingIntervalMs,
      chargeSavedCard: savedCardCharger(config.stripe),
      ...options.billing,
    }),
    // Hours beyond a maintenance plan's become a draft invoice once each month has ended.
    createHoursWorker({
      db,
      settings: billingSettings(config),
      log,
      intervalMs: billingIntervalMs,
      ...options.hours,
    }),
    // Each care client's report on the month before, once the month has ended.
    reports === false
      ? undefined
      : createReportsWorker({
          db,
          settings,
          log,
          intervalMs: billingIntervalMs,
          checkIntervalSeconds: config.monitorIntervalSeconds,
          ...reports,
        }),
    // Each booked call's reminder, a day before it.
    bookingReminders === false
      ? undefined
      : createReminderWorker({
          db,
          settings: { ...settings, timeZone: brand.timeZone },
          log,
          intervalMs: 60_000,
          ...bookingReminders,
        }),
    // Each staff calendar's busy times, read every 10 minutes (private addresses as the monitor).
    calendarFeeds === false
      ? undefined
      : createCalendarFeedWorker({
          db,
          settings: { allowPrivate: config.monitorAllowPrivate, timeZone: brand.timeZone },
          log,
          ...calendarFeeds,
        }),
    // Live websites are checked every MONITOR_INTERVAL; alerts go through the outbox.
    monitor === false
      ? undefined
      : createMonitorWorker({
          db,
          settings,
          log,
          intervalMs: config.monitorIntervalSeconds * 1000,
          ...monitor,
          probe: { allowPrivate: config.monitorAllowPrivate, ...monitor?.probe },
        }),
    // Each domain's expiry, registrar and status from its registry, once a day across instances.
    rdap === false
      ? undefined
      : createRdapWorker({
          db,
          rdap: createRdapClient({ bootstrapUrl: config.rdapBootstrapUrl }),
          log,
          ...rdap,
        }),
  ];
  const running = workers.filter((worker): worker is Worker => worker !== undefined);
  return {
    start: (firstPassInMs: number) => {
      for (const worker of running) worker.start(firstPassInMs);
    },
    /** Claims nothing more; what is in hand finishes (or is handed back) meanwhile. */
    stop: () => Promise.all(running.map((worker) => worker.stop())),
  };
}
