import { index, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companies } from "./clients";
import { createdAt } from "./columns";

/** A client's websites. */

export const websites = pgTable(
  "websites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: varchar("domain", { length: 253 }).notNull(),
    plan: varchar("plan", { length: 100 }).notNull(),
    status: varchar("status", { length: 40 }).notNull(),
    /** The address the monitor checks; null: https://<domain>/. */
    checkUrl: varchar("check_url", { length: 2048 }),
    /** Public: names the site in its analytics script tag (data-site). */
    siteKey: varchar("site_key", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (table) => [index("websites_company_id_idx").on(table.companyId)],
);

export type Website = typeof websites.$inferSelect;
