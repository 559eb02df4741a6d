import {
  boolean,
  char,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { MonthlyReport } from "@shared/schemas/reports";
import { companies } from "./clients";
import { createdAt } from "./columns";

/**
 * The archive of monthly care reports: one per client and month of the agency's calendar, made
 * once across instances (the primary key is the claim). The figures are kept as they were on the
 * day; the PDF is drawn from them on demand, so it always has the current document design.
 */
export const monthlyReports = pgTable(
  "monthly_reports",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "2026-10". */
    month: char("month", { length: 7 }).notNull(),
    data: jsonb("data").$type<MonthlyReport>().notNull(),
    /** A staff member's personal note, shown at the top of the report and its email. */
    staffNote: text("staff_note"),
    /** When its email was last queued; null: not sent (the owner turned the emails off). */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

/** A company's choice about the report's email (no row: emailed). The report is archived anyway. */
export const reportSettings = pgTable("report_settings", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  emailReports: boolean("email_reports").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MonthlyReportRow = typeof monthlyReports.$inferSelect;
