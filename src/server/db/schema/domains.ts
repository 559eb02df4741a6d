import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
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
    /** Typed by staff: the fallback for endings with no RDAP server. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Read from the registry's RDAP answer (measured); kept when a later lookup fails. */
    measuredExpiresAt: timestamp("measured_expires_at", { withTimezone: true }),
    registrar: varchar("registrar", { length: 200 }),
    /** The RDAP status values ("client transfer prohibited", ...), as the registry gave them. */
    registryStatus: jsonb("registry_status").$type<string[]>().notNull().default([]),
    rdapCheckedAt: timestamp("rdap_checked_at", { withTimezone: true }),
    /** When the daily RDAP check is due; claimed (moved forward) by the instance that does it. */
    rdapNextCheckAt: timestamp("rdap_next_check_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the last lookup gave no answer (no RDAP server, a timeout, ...); null once one does. */
    rdapError: varchar("rdap_error", { length: 300 }),
  },
  (table) => [
    index("domains_company_id_idx").on(table.companyId),
    index("domains_rdap_next_check_at_idx").on(table.rdapNextCheckAt),
  ],
);

export type Domain = typeof domains.$inferSelect;

/**
 * The expiry every page, answer and alert uses: the date read from the registry (RDAP) when
 * there is one, else the one staff typed (endings with no RDAP server).
 */
export const domainExpiresAt =
  sql<Date | null>`coalesce(${domains.measuredExpiresAt}, ${domains.expiresAt})`.mapWith(
    domains.expiresAt,
  );
