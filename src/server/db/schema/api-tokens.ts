import { sql } from "drizzle-orm";
import { char, check, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";

/**
 * Tokens integrators' programs call the API with, made by staff. The token is shown once and
 * kept only as its SHA-256; a request with it acts as the staff member who made it, within its
 * scopes ("leads:read", "tickets:write", ...), until it expires or is revoked.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Who made it, and so whom its requests act as: without them it calls nothing. */
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("api_tokens_created_at_idx").on(table.createdAt),
    check("api_tokens_scopes_check", sql`cardinality(${table.scopes}) between 1 and 14`),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
