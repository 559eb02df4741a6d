import { FileText } from "lucide-react";
import { formatDate, formatMonth } from "@shared/format";
import { ListState } from "@/components/list-view";
import { SectionHeader } from "@/components/view-header";
import { reportPdfHref, usePortalReports, useReportEmailSetting } from "./api";

/**
 * The dashboard's Reports tab, for every member: the monthly care reports, newest first, each
 * opening its PDF. An owner can turn the email off; the reports are archived here anyway.
 */
export function ReportsTab({ isOwner }: { isOwner: boolean }) {
  const reports = usePortalReports();
  const setting = useReportEmailSetting();

  return (
    <section aria-labelledby="reports-heading">
      <SectionHeader
        titleId="reports-heading"
        title="Reports"
        description="Each month's care report: uptime, visitors, support, hours and invoices, on the first of the next month."
      />
      <ListState query={reports} loading="Loading your reports...">
        {({ reports: list, emailReports }) => (
          <>
            {isOwner && (
              <label className="mb-6 flex items-center gap-3 text-sm text-foreground">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked={emailReports}
                  disabled={setting.isPending}
                  onChange={(event) => setting.mutate({ emailReports: event.target.checked })}
                />
                Email each report to the owners
              </label>
            )}
            {list.length === 0 ? (
              <p className="text-muted-foreground">
                Your first report arrives on the first day of next month.
              </p>
            ) : (
              <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
                {list.map((report) => (
                  <li key={report.month} className="flex flex-wrap items-center gap-3 p-4">
                    <FileText className="size-5 text-accent" aria-hidden="true" />
                    <a
                      href={reportPdfHref(report.month)}
                      className="font-semibold text-foreground underline-offset-4 hover:underline"
                    >
                      Care report, {formatMonth(report.month)}
                    </a>
                    <span className="text-sm text-muted-foreground sm:ml-auto">
                      {report.emailedAt
                        ? `Emailed ${formatDate(report.emailedAt)}`
                        : `Made ${formatDate(report.createdAt)}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
