import { boolean, check, index, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { eq, sql } from "drizzle-orm";
import type { KeywordMustBe } from "@shared/schemas/websites";
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
    /** A text the checked page must contain (or must not: see below); null: the status alone. */
    checkKeyword: varchar("check_keyword", { length: 200 }),
    /** "present": the page is down without the keyword; "absent": down with it. */
    checkKeywordMustBe: varchar("check_keyword_must_be", { length: 10 })
      .$type<KeywordMustBe>()
      .notNull()
      .default("present"),
    /** Public: names the site in its analytics script tag (data-site). */
    siteKey: varchar("site_key", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Staff turned on the automatic goal for clicks on links to other sites (data-outbound). */
    trackOutboundLinks: boolean("track_outbound_links").notNull().default(false),
    /** Staff turned on the automatic goal for file downloads (data-downloads). */
    trackFileDownloads: boolean("track_file_downloads").notNull().default(false),
    /** Staff turned real-user speed (Core Web Vitals) on: the tag loads /js/hl-vitals.js. */
    vitalsEnabled: boolean("vitals_enabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("websites_company_id_idx").on(table.companyId),
    check(
      "websites_check_keyword_must_be_check",
      sql`${table.checkKeywordMustBe} in ('present', 'absent')`,
    ),
  ],
);

export type Website = typeof websites.$inferSelect;

/**
 * A live website: isLive (shared/website-figures.ts) in SQL, the one copy every query filters
 * on, so the sites the monitor checks and those the pages list as live cannot drift apart.
 */
export const liveWebsite = eq(websites.status, "active");
