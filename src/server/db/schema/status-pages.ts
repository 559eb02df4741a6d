import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companies } from "./clients";
import { createdAt, updatedAt } from "./columns";
import { websites } from "./websites";

/**
 * A client company's public status page: off until an owner or staff turn it on. Served at
 * /status/<slug>, and at the client's own host name (a CNAME to us) once staff add it.
 */
export const statusPages = pgTable(
  "status_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: "cascade" }),
    slug: varchar("slug", { length: 60 }).notNull().unique(),
    name: varchar("name", { length: 100 }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
    /** Search engines may index it: off (noindex) until the client chooses otherwise. */
    indexed: boolean("indexed").notNull().default(false),
    /** status.client.com: only staff set it (it asks the proxy for a certificate). */
    customHost: varchar("custom_host", { length: 253 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("status_pages_custom_host_idx").on(table.customHost),
    check("status_pages_slug_check", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** The sites a status page shows, in order. */
export const statusPageSites = pgTable(
  "status_page_sites",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => statusPages.id, { onDelete: "cascade" }),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.pageId, table.websiteId] }),
    index("status_page_sites_website_idx").on(table.websiteId),
  ],
);

/**
 * A visitor subscribed to a page's incident and maintenance updates by email: mailed only once
 * confirmed (double opt-in); the token confirms and unsubscribes in one click.
 */
export const statusPageSubscribers = pgTable(
  "status_page_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => statusPages.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 254 }).notNull(),
    token: varchar("token", { length: 64 }).notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("status_page_subscribers_page_email_idx").on(table.pageId, table.email)],
);

export type StatusPage = typeof statusPages.$inferSelect;
