import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import {
  WEBHOOK_EVENT_RETENTION_DAYS,
  WEBHOOK_RETRY_DAYS,
  type WebhookEventType,
} from "@shared/schemas/webhooks";
import type { DbExecutor } from "../db/client";
import { signalAfterCommit } from "../db/commit-signals";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema";

/** What recordWebhookEvent signals once committed: this process's worker sends at once. */
export const WEBHOOKS_QUEUED = "webhooks: events queued";

export const RETRY_MS = WEBHOOK_RETRY_DAYS * 86_400_000;

export type WebhookEventOwner = { companyId: string } | { leadId: string };

/**
 * Records an event, in the transaction of the change it reports (so a rolled-back change sends
 * nothing, and an endpoint or an instance being down loses nothing): the event's body as it will
 * be sent, kept in the event log integrators page through, and a delivery for each enabled
 * endpoint that asked for its type. `data` is the object as the API answers it; `owner` is whose
 * personal data it holds: the client company, or the lead that is not yet one (erased with them).
 */
export async function recordWebhookEvent(
  tx: DbExecutor,
  type: WebhookEventType,
  data: unknown,
  owner: WebhookEventOwner,
): Promise<void> {
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });
  await tx.insert(webhookEvents).values({
    id,
    type,
    body,
    companyId: "companyId" in owner ? owner.companyId : null,
    leadId: "leadId" in owner ? owner.leadId : null,
    createdAt,
  });
  const wanting = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (wanting.length === 0) return;
  await tx.insert(webhookDeliveries).values(
    wanting.map((endpoint) => ({
      eventId: id,
      endpointId: endpoint.id,
      nextAttemptAt: createdAt,
      retryUntil: new Date(createdAt.getTime() + RETRY_MS),
    })),
  );
  signalAfterCommit(tx, WEBHOOKS_QUEUED);
}

/** Rows one statement deletes: short locks, and a bounded pass however much has piled up. */
const PRUNE_BATCH = 1_000;
const PRUNE_MAX_BATCHES = 50;

/**
 * Deletes events older than the retention (their bodies hold personal data), never one with a
 * delivery still pending: retries end long before, but a redelivery restarts them. Idempotent,
 * so instances pruning at once only repeat each other's work. Returns how many went.
 */
export async function pruneWebhookEvents(db: DbExecutor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_DAYS * 86_400_000);
  let pruned = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
    const old = db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          lt(webhookEvents.createdAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(webhookDeliveries)
              .where(
                and(
                  eq(webhookDeliveries.eventId, webhookEvents.id),
                  eq(webhookDeliveries.status, "pending"),
                ),
              ),
          ),
        ),
      )
      .limit(PRUNE_BATCH);
    const gone = await db
      .delete(webhookEvents)
      .where(inArray(webhookEvents.id, old))
      .returning({ id: webhookEvents.id });
    pruned += gone.length;
    if (gone.length < PRUNE_BATCH) break;
  }
  return pruned;
}
