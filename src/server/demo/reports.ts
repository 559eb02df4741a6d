import { addMonthsTo } from "@shared/work-time";
import type { Db } from "../db/client";
import { monthlyReports } from "../db/schema";
import { agencyMonth } from "../hours/reading";
import { monthlyReport } from "../reports/monthly";

/**
 * The demo client's three archived monthly reports (the three months before this one), made
 * from its seeded history, so a fresh install's Reports tab opens a real-looking report. Not
 * emailed: the demo sends no mail.
 */
export async function seedDemoReports(db: Db, companyId: string, now: Date) {
  for (const back of [3, 2, 1]) {
    const month = addMonthsTo(agencyMonth(now), -back);
    // Made as the 1st's run would have made it: the next month's first morning, Pacific time.
    const madeAt = new Date(`${addMonthsTo(month, 1)}-01T16:00:00Z`);
    const report = await monthlyReport(db, companyId, month, { now: madeAt });
    if (!report.ok) throw new Error(`the demo report of ${month}: ${report.message}`);
    await db
      .insert(monthlyReports)
      .values({ companyId, month, data: report.value, createdAt: madeAt })
      .onConflictDoNothing();
  }
}
