import { boolean, index, jsonb, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** The audit log. */

/**
 * What staff changed and what happened to accounts' security: appended, never updated or deleted
 * (a trigger refuses both). No foreign keys: a row outlives the user, company or object it names,
 * so it keeps the actor's email as it was.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What happened, e.g. "lead.status-changed", "auth.signed-in", "passkey.added". */
    action: varchar("action", { length: 60 }).notNull(),
    actorId: uuid("actor_id"),
    actorEmail: varchar("actor_email", { length: 254 }),
    actorIsStaff: boolean("actor_is_staff").notNull().default(false),
    /** The kind and id of the object acted on: "lead", "website", "session", ... */
    targetType: varchar("target_type", { length: 40 }),
    targetId: varchar("target_id", { length: 100 }),
    /** The client company the event concerns, when there is one: what filters a client's log. */
    companyId: uuid("company_id"),
    /** The API token the request was made with, when it was not a browser's session. */
    apiTokenId: uuid("api_token_id"),
    /** The client address the request came from (behind a trusted proxy, the visitor's). */
    ipAddress: varchar("ip_address", { length: 64 }),
    /** Changed fields only: their values before and after. */
    changes: jsonb("changes").$type<{
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    }>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_events_created_at_idx").on(table.createdAt),
    index("audit_events_company_idx").on(table.companyId, table.createdAt),
    index("audit_events_actor_idx").on(table.actorId, table.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
