import {
  bigint,
  char,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { websites } from "./websites";

/** What the hosting side reports of a site's usage, and the tokens it reports with. */

/** Bytes a site served on a day, as the hosting side reports them; a second report replaces the first. */
export const bandwidthUsage = pgTable(
  "bandwidth_usage",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.websiteId, table.day] }),
    check("bandwidth_usage_bytes_check", sql`${table.bytes} >= 0`),
  ],
);

/** A token the hosting side reports one site's usage with; only its SHA-256 is kept. */
export const usageTokens = pgTable(
  "usage_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("usage_tokens_website_id_idx").on(table.websiteId)],
);
