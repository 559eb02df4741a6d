import { boolean, index, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { companies } from "./clients";

/** A client's domain names. */

export const domains = pgTable(
  "domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: varchar("domain", { length: 253 }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("domains_company_id_idx").on(table.companyId)],
);

export type Domain = typeof domains.$inferSelect;
