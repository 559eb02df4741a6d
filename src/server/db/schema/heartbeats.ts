import {
  char,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { websites } from "./websites";

/**
 * Heartbeat monitors: a job of a site (a nightly backup, say) calls its secret URL when it is
 * done. No good beat within its period and grace opens an incident (monitor_incidents with this
 * heartbeat_id) and alerts; the next good beat closes it.
 */
export const heartbeats = pgTable(
  "heartbeats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    /** How often the job runs, and how late its beat may be before it counts as missed. */
    periodSeconds: integer("period_seconds").notNull(),
    graceSeconds: integer("grace_seconds").notNull(),
    /** The SHA-256 of the URL's token, in hex: the token itself is shown once and not kept. */
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastBeatAt: timestamp("last_beat_at", { withTimezone: true }),
    /** The last beat's report: "ok" or "fail" (with the job's message). */
    lastStatus: varchar("last_status", { length: 4 }).$type<"ok" | "fail">(),
    lastMessage: varchar("last_message", { length: 300 }),
    /** When the next beat is expected; missed once the grace after it has passed too. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }).notNull(),
    /**
     * "new" (no beat yet), "up" (the last beat was good and on time) or "down" (missed, or the
     * job reported a failure). Moving to "down" is the claim that opens the incident, once.
     */
    state: varchar("state", { length: 4 }).$type<"new" | "up" | "down">().notNull().default("new"),
  },
  (table) => [
    index("heartbeats_website_id_idx").on(table.websiteId),
    index("heartbeats_next_due_at_idx").on(table.nextDueAt),
    check("heartbeats_state_check", sql`${table.state} in ('new', 'up', 'down')`),
    check("heartbeats_period_check", sql`${table.periodSeconds} > 0`),
    check("heartbeats_grace_check", sql`${table.graceSeconds} > 0`),
  ],
);
export type Heartbeat = typeof heartbeats.$inferSelect;
