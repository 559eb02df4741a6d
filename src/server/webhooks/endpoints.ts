import { desc, eq } from "drizzle-orm";
import {
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from "@shared/schemas/webhooks";
import type { SecretBox } from "../auth/secret-box";
import type { Db, DbExecutor } from "../db/client";
import { webhookEndpoints, type WebhookEndpoint as Row } from "../db/schema";
import { invalid, ok, type Outcome } from "../domain-failure";
import { forbiddenTarget } from "../net/addresses";
import { newWebhookSecret } from "./signing";

/** What the address rules depend on: production wants https; tests may reach 127.0.0.1. */
export type EndpointRules = { production: boolean; allowPrivate: boolean };

/** The box endpoint secrets are sealed in: a key of its own, derived from SESSION_SECRET. */
export const WEBHOOK_SECRET_PURPOSE = "webhook endpoint secrets v1";

export const endpointView = (row: Row): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  description: row.description,
  enabled: row.enabled,
  failingSince: row.failingSince?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Why an endpoint's address is refused, in words for the person who typed it, or undefined: in
 * production it must be https, and (as the monitor's checks) it must not lead the server to a
 * private, loopback or link-local address unless MONITOR_ALLOW_PRIVATE is set.
 */
export async function endpointAddressProblem(
  url: string,
  rules: EndpointRules,
): Promise<string | undefined> {
  const address = new URL(url);
  if (rules.production && address.protocol !== "https:") {
    return "URL must start with https://: deliveries carry client data and are sent only over https";
  }
  if (rules.allowPrivate) return undefined;
  const forbidden = await forbiddenTarget(address.hostname);
  if (forbidden === "unresolved") {
    return `URL's host ${address.hostname} does not resolve: check the address`;
  }
  if (forbidden) {
    return `URL's host ${address.hostname} is a private address (${forbidden}): webhooks are sent only to public addresses`;
  }
  return undefined;
}

/** Every endpoint, newest first. */
export async function listEndpoints(db: DbExecutor): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(endpointView);
}

/** A new endpoint with a new secret, sealed; the answer carries the secret this once. */
export async function createEndpoint(
  db: DbExecutor,
  input: { url: string; events: WebhookEventType[]; description?: string | undefined },
  box: SecretBox,
  rules: EndpointRules,
): Promise<Outcome<CreatedWebhookEndpoint>> {
  const problem = await endpointAddressProblem(input.url, rules);
  if (problem) return invalid(problem, "url");
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      // In the list's order, however they were sent.
      events: webhookEventTypes.filter((type) => input.events.includes(type)),
      description: input.description ?? "",
      secretSealed: box.seal(secret),
    })
    .returning();
  return ok({ ...endpointView(row!), secret });
}

/**
 * Turns an endpoint off, or on again: enabling starts afresh (no failures counted). The
 * endpoint before and after, or undefined when it is not there.
 */
export async function setEndpointEnabled(db: DbExecutor, id: string, enabled: boolean) {
  const [before] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!before) return undefined;
  const [after] = await db
    .update(webhookEndpoints)
    .set(
      enabled
        ? { enabled, failingSince: null, disabledAt: null }
        : { enabled, disabledAt: before.disabledAt ?? new Date() },
    )
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return { before: endpointView(before), after: endpointView(after!) };
}

/** Deletes an endpoint and its delivery log; the endpoint as it was, or undefined. */
export async function deleteEndpoint(db: DbExecutor, id: string) {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return row && endpointView(row);
}

/** Whether the endpoint exists (a delivery log of one that does not answers 404). */
export async function endpointExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row !== undefined;
}
