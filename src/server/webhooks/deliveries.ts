import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { staffLinks } from "@shared/deep-links";
import type { WebhookDelivery, WebhookEventType } from "@shared/schemas/webhooks";
import type { SecretBox } from "../auth/secret-box";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import { listenForCommits, signalAfterCommit } from "../db/commit-signals";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema";
import { forbiddenTarget } from "../net/addresses";
import { webhookDisabledEmail } from "../mail/templates/webhooks";
import { copyTo, notify, staffUsers, type NoticeSettings } from "../notices/notices";
import { createPeriodicWorker } from "../scheduling/periodic";
import { WEBHOOK_RETRY_DAYS } from "@shared/schemas/webhooks";
import { pruneWebhookEvents, RETRY_MS, WEBHOOKS_QUEUED } from "./events";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signing";

const BATCH = 20;
/** A claimed delivery is not offered to another instance for this long (a crash frees it). */
const LEASE_MS = 5 * 60_000;
/** How long an endpoint has to answer. */
const TIMEOUT_MS = 10_000;
/** The first retry's delay; each later one doubles, up to MAX_DELAY_MS. */
const RETRY_BASE_MS = 30_000;
const MAX_DELAY_MS = 6 * 3_600_000;
/** Old events are pruned by a process's first pass and then at most this often. */
const PRUNE_EVERY_MS = 3_600_000;

/** What sending needs: the secrets' box, the address rule, and where staff are emailed. */
export type WebhookSendSettings = {
  box: SecretBox;
  allowPrivate: boolean;
  notices: NoticeSettings;
};

type Claimed = {
  id: string;
  attempts: number;
  retry_until: Date | string;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  type: string;
  body: string;
};

/** Claims due deliveries of enabled endpoints, each for one instance, under a lease. */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id and e.enabled
      where d.status = 'pending' and d.next_attempt_at <= ${now}
      order by d.next_attempt_at
      limit ${BATCH}
      for update of d skip locked
    ), claimed as (
      update ${webhookDeliveries} d
      set attempts = d.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      from due where d.id = due.id
      returning d.id, d.attempts, d.retry_until, d.endpoint_id, d.event_id
    )
    select c.id, c.attempts, c.retry_until, c.endpoint_id, e.url, e.secret_sealed, ev.type, ev.body
    from claimed c
    join ${webhookEndpoints} e on e.id = c.endpoint_id
    join ${webhookEvents} ev on ev.id = c.event_id`,
  );
}

type Answer = { statusCode: number | null; error: string | null; durationMs: number };

/** One POST of the event, signed; a 2xx is delivered, anything else (or nothing) failed. */
async function post(delivery: Claimed, settings: WebhookSendSettings, now: Date): Promise<Answer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const secret = settings.box.open(delivery.secret_sealed);
  if (secret === undefined) {
    return { statusCode: null, error: "The endpoint's secret cannot be read", durationMs: 0 };
  }
  const url = new URL(delivery.url);
  if (!settings.allowPrivate) {
    // Checked again at each try: a name may have come to point at a private address.
    const forbidden = await forbiddenTarget(url.hostname);
    if (forbidden) {
      const error =
        forbidden === "unresolved"
          ? "Host name not found"
          : `Private address refused: ${forbidden}`;
      return { statusCode: null, error, durationMs: took() };
    }
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "Harborline-Webhooks/1",
        [SIGNATURE_HEADER]: signatureHeader(secret, delivery.body, now),
        [DELIVERY_HEADER]: delivery.id,
        [EVENT_HEADER]: delivery.type,
      },
      body: delivery.body,
    });
    await response.body?.cancel();
    const good = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      error: good ? null : `Answered ${response.status}`,
      durationMs: took(),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const name = (error as Error).name;
    const text =
      name === "TimeoutError"
        ? `No answer within ${TIMEOUT_MS / 1000} s`
        : (cause ?? String(error));
    return { statusCode: null, error: text.slice(0, 300), durationMs: took() };
  }
}

/**
 * What one try leads to, in one transaction: the attempt logged; the delivery delivered, or due
 * again after a doubling delay, or failed once its 3 days are up; the endpoint's failing clock
 * stopped or started, and the endpoint disabled (staff told, once) after 3 days of failures.
 */
async function settle(
  db: Db,
  delivery: Claimed,
  answer: Answer,
  now: Date,
  notices: NoticeSettings,
) {
  const good = answer.error === null;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, at: now, ...answer });
    const retryUntil = new Date(delivery.retry_until);
    const delay = Math.min(RETRY_BASE_MS * 2 ** (delivery.attempts - 1), MAX_DELAY_MS);
    await tx
      .update(webhookDeliveries)
      .set(
        good
          ? { status: "delivered", deliveredAt: now, lastStatusCode: answer.statusCode }
          : {
              status: now >= retryUntil ? "failed" : "pending",
              nextAttemptAt: new Date(now.getTime() + delay),
              lastStatusCode: answer.statusCode,
            },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    if (good) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, delivery.endpoint_id));
      return;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(eq(webhookEndpoints.id, delivery.endpoint_id))
      .returning();
    if (!endpoint?.enabled || now.getTime() - endpoint.failingSince!.getTime() < RETRY_MS) return;
    // Disabled in the statement that checks it is still enabled: told once across instances.
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!disabled) return;
    await tx
      .update(webhookDeliveries)
      .set({ status: "failed" })
      .where(
        and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")),
      );
    const link = staffLinks.webhooks();
    const failingSince = endpoint.failingSince!.toISOString();
    const agencyEmail = webhookDisabledEmail(
      notices.agencyInbox,
      { url: endpoint.url, failingSince, retryDays: WEBHOOK_RETRY_DAYS },
      { label: "Open webhooks", href: `${notices.publicUrl}${link}` },
      notices,
    );
    await notify(tx, {
      kind: "staff-webhook-disabled",
      key: `webhook-disabled:${endpoint.id}:${now.toISOString()}`,
      recipients: await staffUsers(tx),
      companyId: null,
      title: `Webhook endpoint disabled: ${endpoint.url}`,
      body: `Every delivery to it has failed since ${failingSince}. Fix the endpoint, then enable it and redeliver what it missed.`,
      link,
      agencyEmail,
      email: (user) => copyTo(agencyEmail, user),
    });
  });
}

/**
 * Sends every delivery due at `now`, batch after batch: each claimed once across instances
 * (FOR UPDATE SKIP LOCKED and a lease), POSTed signed, and settled. Returns how many were
 * delivered. After downtime the first pass sends what waited, each once.
 */
export async function deliverDueWebhooks(
  db: Db,
  settings: WebhookSendSettings,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  let delivered = 0;
  while (!signal?.aborted) {
    const batch = await claim(db, now);
    for (const delivery of batch) {
      const answer = await post(delivery, settings, now);
      await settle(db, delivery, answer, now, settings.notices);
      if (answer.error === null) delivered++;
    }
    if (batch.length < BATCH) break;
  }
  return delivered;
}

export type WebhookWorkerOptions = {
  db: Db;
  settings: WebhookSendSettings;
  log: FastifyBaseLogger;
  /** How often to look for due deliveries when not woken (default 5 s). */
  intervalMs?: number;
  now?: () => Date;
};

/**
 * Sends due deliveries every interval, and at once when a change in this process queued some;
 * prunes events past their retention at the first pass and then hourly.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let prunedAt = -Infinity;
  const worker = createPeriodicWorker({
    name: "webhooks",
    log: options.log,
    everyMs: options.intervalMs ?? 5_000,
    pass: async (signal) => {
      const at = now();
      const delivered = await deliverDueWebhooks(options.db, options.settings, at, signal);
      if (!signal.aborted && at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        await pruneWebhookEvents(options.db, at);
        prunedAt = at.getTime();
      }
      return delivered;
    },
  });
  let stopListening = () => {};
  return {
    runOnce: worker.runOnce,
    start(firstPassInMs = 0) {
      stopListening = listenForCommits(options.db, WEBHOOKS_QUEUED, () => {
        if (stopped) return;
        worker.runOnce().catch((error: unknown) => options.log.error({ err: error }, "webhooks"));
      });
      worker.start(firstPassInMs);
    },
    stop() {
      stopped = true;
      stopListening();
      return worker.stop();
    },
  };
}

/** The latest deliveries to an endpoint, newest first, each with its attempts. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.at));
  return rows.map(({ delivery, type }) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: type as WebhookEventType,
    endpointId: delivery.endpointId,
    status: delivery.status,
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
  }));
}

/**
 * Sends a delivery again, whatever became of it: due now, with 3 more days of retries, under
 * the same delivery id (the receiver sees the same event again). Undefined when not there.
 */
export async function redeliver(db: DbExecutor, deliveryId: string, now = new Date()) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + RETRY_MS),
      deliveredAt: null,
    })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  if (row) signalAfterCommit(db, WEBHOOKS_QUEUED);
  return row;
}
