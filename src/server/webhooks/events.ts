import { and, eq, sql } from "drizzle-orm";
import { WEBHOOK_RETRY_DAYS, type WebhookEventType } from "@shared/schemas/webhooks";
import type { DbExecutor } from "../db/client";
import { signalAfterCommit } from "../db/commit-signals";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema";

/** What recordWebhookEvent signals once committed: this process's worker sends at once. */
export const WEBHOOKS_QUEUED = "webhooks: events queued";

export const RETRY_MS = WEBHOOK_RETRY_DAYS * 86_400_000;

/**
 * Records an event for the endpoints that want it, in the transaction of the change it reports
 * (so a rolled-back change sends nothing, and an endpoint or an instance being down loses
 * nothing): the event's body as it will be sent, and a delivery for each enabled endpoint that
 * asked for its type. `data` is the object as the API answers it.
 */
export async function recordWebhookEvent(
  tx: DbExecutor,
  type: WebhookEventType,
  data: unknown,
): Promise<void> {
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
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });
  await tx.insert(webhookEvents).values({ id, type, body, createdAt });
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
