import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies } from "./clients";
import { createdAt } from "./columns";

/** The bell's notices. */

/**
 * A user's in-app notice (the bell). dedupe_key names the event, so an event retried or seen by
 * two instances makes one notice per user.
 */
export const notices = pgTable(
  "notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).notNull(),
    /** The client company it is about: erasing the company erases staff's notices about it too. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 300 }).notNull(),
    body: text("body"),
    /** The portal or back-office path the notice opens. */
    link: varchar("link", { length: 500 }),
    dedupeKey: varchar("dedupe_key", { length: 200 }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("notices_user_dedupe_idx").on(table.userId, table.dedupeKey),
    index("notices_user_created_idx").on(table.userId, table.createdAt),
    index("notices_company_id_idx").on(table.companyId),
    index("notices_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type Notice = typeof notices.$inferSelect;
