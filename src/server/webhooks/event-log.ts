import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { EventPage, WebhookEvent } from "@shared/schemas/webhook-events";
import type { WebhookEventType } from "@shared/schemas/webhooks";
import type { DbExecutor } from "../db/client";
import { webhookEvents } from "../db/schema";
import { invalid, ok, type Outcome } from "../domain-failure";

/**
 * The event log integrators page through to catch up on deliveries they missed (as Stripe's
 * /v1/events): every event, oldest first, after the one last seen. Ordered by time then id, so
 * events of the same millisecond keep one order from page to page.
 */
export async function listEvents(
  db: DbExecutor,
  query: { after?: string | undefined; type?: WebhookEventType | undefined; limit: number },
): Promise<Outcome<EventPage>> {
  const where: SQL[] = [];
  if (query.after) {
    const [seen] = await db
      .select({ createdAt: webhookEvents.createdAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, query.after));
    if (!seen)
      return invalid("After names no event: pass the id of an event this list gave", "after");
    where.push(
      sql`(${webhookEvents.createdAt}, ${webhookEvents.id}) > (${seen.createdAt}, ${query.after})`,
    );
  }
  if (query.type) where.push(eq(webhookEvents.type, query.type));
  const rows = await db
    .select({ body: webhookEvents.body })
    .from(webhookEvents)
    .where(and(...where))
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
    .limit(query.limit + 1);
  // The body is what was (or would have been) delivered, byte for byte the same event.
  const events = rows.slice(0, query.limit).map((row) => JSON.parse(row.body) as WebhookEvent);
  return ok({ data: events, hasMore: rows.length > query.limit });
}
