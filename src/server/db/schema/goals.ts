import { bigint, char, date, index, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { websites } from "./websites";

/**
 * A goal reached on a client's site (analytics/goals.ts): `hl("Signup")` from the page, or an
 * outbound-link click or a file download when staff turned those on. Like a page view it keeps
 * no personal data: the visitor is the same daily hash, so a goal is tied to the source and
 * campaign the visitor came from that day, and to nothing after it. Kept as long as page views.
 */
export const goalEvents = pgTable(
  "goal_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The UTC day the visitor hash belongs to. */
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: char("visitor_hash", { length: 32 }).notNull(),
    /** The goal's name: what the page passed to hl(), or "Outbound link" / "File download". */
    name: varchar("name", { length: 60 }).notNull(),
    /** The path of the page it was reached on. */
    path: varchar("path", { length: 500 }).notNull(),
  },
  (table) => [index("goal_events_website_day_idx").on(table.websiteId, table.day)],
);
