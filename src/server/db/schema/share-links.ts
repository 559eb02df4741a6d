import { sql } from "drizzle-orm";
import { char, check, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";
import { websites } from "./websites";

/**
 * Read-only links to one website's analytics, made by the company's owner for someone outside
 * the portal. The token is shown once and kept only as its SHA-256; a password only as a salted
 * scrypt hash. A revoked or expired link answers 404.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    /** The owner's own label (who it is for): not shown on the shared view. */
    name: varchar("name", { length: 100 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    /** The panels shown, by name (shared/share-panels.ts), in no particular order. */
    panels: text("panels").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** scrypt$N$r$p$salt$hash (base64url), or null for a link without a password. */
    passwordHash: varchar("password_hash", { length: 200 }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (table) => [
    index("share_links_website_id_idx").on(table.websiteId),
    check("share_links_panels_check", sql`cardinality(${table.panels}) between 1 and 20`),
  ],
);
export type ShareLinkRow = typeof shareLinks.$inferSelect;
