import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, leads } from "./clients";
import { createdAt } from "./columns";

/**
 * Webhook endpoints staff register: where events are POSTed, the events each wants, and the
 * secret deliveries are signed with (sealed with the server's secret box: the server must read
 * it back to sign). An endpoint failing for 3 days is disabled; staff enable it again.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: varchar("url", { length: 2000 }).notNull(),
  events: jsonb("events").$type<string[]>().notNull(),
  secretSealed: text("secret_sealed").notNull(),
  description: varchar("description", { length: 200 }).notNull().default(""),
  enabled: boolean("enabled").notNull().default(true),
  /** Since when every delivery to it has failed (null: its last attempt succeeded). */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: createdAt(),
});
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 * Events as they happened, recorded in the change's transaction: the body is kept as sent (the
 * signature is over these bytes), so every delivery and redelivery sends the same text.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: varchar("type", { length: 40 }).notNull(),
    body: text("body").notNull(),
    /** Whose data the body holds, so erasing the client (or the lead) erases its events. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("webhook_events_created_at_idx").on(table.createdAt),
    index("webhook_events_company_id_idx").on(table.companyId),
    index("webhook_events_lead_id_idx").on(table.leadId),
  ],
);

/**
 * One event to one endpoint: claimed with FOR UPDATE SKIP LOCKED when due, so one instance
 * sends it; retried with back-off for 3 days, then failed. Its id is the delivery id header.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 9 })
      .$type<"pending" | "delivered" | "failed">()
      .notNull()
      .default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    /** When it is next due (while claimed: when its lease runs out). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop this long after it was first due (3 days; reset by a redelivery). */
    retryUntil: timestamp("retry_until", { withTimezone: true }).notNull(),
    lastStatusCode: smallint("last_status_code"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique("webhook_deliveries_event_endpoint").on(table.eventId, table.endpointId),
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    check(
      "webhook_deliveries_status_check",
      sql`${table.status} in ('pending', 'delivered', 'failed')`,
    ),
  ],
);
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Each try of a delivery: when, the answer's status code (null: no answer) or what went wrong. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    statusCode: smallint("status_code"),
    error: varchar("error", { length: 300 }),
    durationMs: integer("duration_ms").notNull(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.at)],
);
