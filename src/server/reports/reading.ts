import { and, desc, eq } from "drizzle-orm";
import {
  monthlyReportSchema,
  type ArchivedReport,
  type MonthlyReport,
  type StaffReport,
} from "@shared/schemas/reports";
import type { Db, DbExecutor } from "../db/client";
import { monthlyReports, reportSettings } from "../db/schema";
import { ok, type Outcome } from "../domain-failure";
import { emailsReports, queueReportEmail, type ReportSettings } from "./archive";
import { monthlyReport } from "./monthly";
import { reportFileName, reportPdf } from "./pdf";

/** A company's archived reports, newest first. */
export async function listReports(db: DbExecutor, companyId: string): Promise<ArchivedReport[]> {
  const rows = await db
    .select({
      month: monthlyReports.month,
      createdAt: monthlyReports.createdAt,
      emailedAt: monthlyReports.emailedAt,
    })
    .from(monthlyReports)
    .where(eq(monthlyReports.companyId, companyId))
    .orderBy(desc(monthlyReports.month));
  return rows.map((row) => ({
    month: row.month,
    createdAt: row.createdAt.toISOString(),
    emailedAt: row.emailedAt?.toISOString() ?? null,
  }));
}

/**
 * An archived report's row, its figures read through the report's schema: a report archived
 * before a section was added reads with that section empty.
 */
async function archivedRow(db: DbExecutor, companyId: string, month: string) {
  const [row] = await db
    .select()
    .from(monthlyReports)
    .where(and(eq(monthlyReports.companyId, companyId), eq(monthlyReports.month, month)));
  return row && { ...row, data: monthlyReportSchema.parse(row.data) };
}

/** An archived report's PDF (with its note), or undefined when there is none of that month. */
export async function archivedReportPdf(db: DbExecutor, companyId: string, month: string) {
  const row = await archivedRow(db, companyId, month);
  if (!row) return undefined;
  return { fileName: reportFileName(row), bytes: await reportPdf(row.data, row.staffNote) };
}

/** Sets whether the company's owners get the report by email. */
export async function setEmailReports(db: DbExecutor, companyId: string, on: boolean) {
  await db
    .insert(reportSettings)
    .values({ companyId, emailReports: on })
    .onConflictDoUpdate({
      target: reportSettings.companyId,
      set: { emailReports: on, updatedAt: new Date() },
    });
}

export { emailsReports };

/**
 * What staff preview: the archived report of the month (its figures as made), else one made now
 * for any ended month; refused for a month not ended or a client with no care plan.
 */
export async function staffReport(
  db: Db,
  companyId: string,
  month: string,
  now: Date,
  checkIntervalSeconds?: number,
): Promise<Outcome<StaffReport>> {
  const row = await archivedRow(db, companyId, month);
  if (row) {
    return ok({
      report: row.data,
      note: row.staffNote,
      archived: true,
      emailedAt: row.emailedAt?.toISOString() ?? null,
    });
  }
  const made = await monthlyReport(db, companyId, month, {
    now,
    ...(checkIntervalSeconds ? { checkIntervalSeconds } : {}),
  });
  if (!made.ok) return made;
  return ok({ report: made.value, note: null, archived: false, emailedAt: null });
}

/**
 * Staff send a report again with their note (read first with staffReport, outside the
 * transaction): archived (kept now if it was not), note kept, email queued to the owners whatever
 * the company's choice (staff asked for it). Answers whether there was an owner to email.
 */
export async function sendReport(
  tx: DbExecutor,
  report: MonthlyReport,
  note: string | null,
  options: { now: Date; settings: ReportSettings },
): Promise<boolean> {
  const { companyId, month } = report;
  await tx
    .insert(monthlyReports)
    .values({ companyId, month, data: report, staffNote: note, createdAt: options.now })
    .onConflictDoUpdate({
      target: [monthlyReports.companyId, monthlyReports.month],
      set: { staffNote: note },
    });
  const emailed = await queueReportEmail(tx, report, note, options.settings);
  if (emailed) {
    await tx
      .update(monthlyReports)
      .set({ emailedAt: options.now })
      .where(and(eq(monthlyReports.companyId, companyId), eq(monthlyReports.month, month)));
  }
  return emailed;
}
