import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation, useSearch } from "wouter";
import { AlertCircle, CheckCircle2, FileDown, MailCheck, RefreshCw, Send } from "lucide-react";
import { brand } from "@content/site";
import { backOfficePaths, parseReportMonth } from "@shared/deep-links";
import { formatDate, formatMonth } from "@shared/format";
import { reportNoteSchema, type ReportNote, type StaffReport } from "@shared/schemas/reports";
import type { z } from "@shared/schemas/zod";
import { addMonthsTo, dayInZone, monthOfDay } from "@shared/work-time";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Pill } from "@/components/pill";
import { Button } from "@/components/ui/button";
import { fieldClasses } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { LoadingState } from "@/components/view-states";
import { ApiError } from "@/lib/api";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { staffReportPdfHref, useSendReport, useStaffReport } from "./api";
import { ReportView } from "./report-view";

/*
 * A client's monthly reports in the back office: staff pick any month that has ended, read the
 * report as the client will, open its PDF, write a note that goes on top, and send it again.
 */

/** How many ended months the picker offers, newest first. */
const MONTHS_OFFERED = 24;

/** The months that have ended in the agency's calendar, newest first. */
function endedMonths(now: Date): string[] {
  const thisMonth = monthOfDay(dayInZone(now, brand.timeZone));
  return Array.from({ length: MONTHS_OFFERED }, (_, back) => addMonthsTo(thisMonth, -1 - back));
}

function MonthPicker({
  value,
  months,
  onChange,
}: {
  value: string;
  months: string[];
  onChange: (month: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:w-56">
      <label htmlFor={id} className="text-sm leading-none font-medium text-foreground">
        Month
      </label>
      <select
        id={id}
        value={months.includes(value) ? value : ""}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className={cn(fieldClasses, "h-11 cursor-pointer pr-8")}
      >
        {!months.includes(value) && <option value="">Choose a month</option>}
        {months.map((month) => (
          <option key={month} value={month}>
            {formatMonth(month)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What staff can do about a refusal: the server's words say why. */
const nextStep: Record<number, string> = {
  400: "Pick a month that has ended.",
  409: "A report needs an active hosting or maintenance plan: add one on the client's page.",
};

/** Why the server will not report on this month or client, in its own words. */
function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : undefined;
  const refused = status !== undefined && status < 500;
  // A month or id the address spells wrong: the field's own message says what is wrong.
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  const message = fields ? Object.values(fields).join(" ") : errorMessage(error);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {refused ? (
        (status !== 400 || fields?.month) &&
        status in nextStep && <p className="text-sm">{nextStep[status]}</p>
      ) : (
        <Button variant="destructive-outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}

/** Where the report stands: archived and emailed, archived only, or made now for this preview. */
function ReportStatus({ data }: { data: StaffReport }) {
  if (data.emailedAt) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Pill tone="green" icon={MailCheck}>
          Emailed
        </Pill>
        on {formatDate(data.emailedAt, brand.timeZone)}
      </p>
    );
  }
  if (data.archived) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Pill tone="blue">Archived</Pill>
        on the Reports tab, not emailed
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <Pill tone="amber">Preview</Pill>
      made now from today&apos;s figures; sending archives it
    </p>
  );
}

type Values = z.input<typeof reportNoteSchema>;

/** The note, the PDF, and sending the report again; the draft note shows on the preview. */
function SendPanel({
  clientId,
  month,
  data,
  onDraft,
}: {
  clientId: string;
  month: string;
  data: StaffReport;
  onDraft: (note: string) => void;
}) {
  const noteId = useId();
  const send = useSendReport(clientId, month);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values, unknown, ReportNote>({
    resolver: zodResolver(reportNoteSchema),
    defaultValues: { note: data.note ?? "" },
  });
  const draft = useWatch({ control: form.control, name: "note" }) ?? "";
  useEffect(() => onDraft(draft), [draft, onDraft]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (send.isPending) return;
    setSent(null);
    try {
      const answer = await send.mutateAsync({ note: values.note });
      const said = answer.emailed
        ? `Emailed to the owners of ${data.report.companyName}, with the PDF attached.`
        : `Archived on their Reports tab. Not emailed: ${data.report.companyName} has no owner to email.`;
      // Said beside the button, and kept there (announced once, as a status).
      setSent(said);
    } catch (error) {
      showServerErrors(error, form.setError, ["note"]);
    }
  });

  return (
    <Panel
      title="Send to the client"
      headingId="report-send"
      description={<ReportStatus data={data} />}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Send the report"
        className="flex flex-col gap-4"
      >
        <Field
          id={noteId}
          label="A note from you (optional)"
          hint="Shown at the top of the report and its PDF."
          error={errors.note?.message}
        >
          <Textarea
            {...fieldAria(noteId, errors.note?.message, true)}
            {...form.register("note")}
            rows={5}
            maxLength={2000}
            placeholder="A quiet month: we updated every plugin and the site stayed fast."
          />
        </Field>
        {errors.root?.server && (
          <p role="alert" className="text-sm text-destructive">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap lg:flex-col">
          <Button type="submit" aria-disabled={send.isPending || undefined}>
            <Send aria-hidden="true" />
            {send.isPending
              ? "Sending..."
              : data.archived
                ? "Send the report again"
                : "Send the report"}
          </Button>
          <Button asChild variant="outline">
            <a href={staffReportPdfHref(clientId, month)} target="_blank" rel="noopener">
              <FileDown aria-hidden="true" />
              Open the PDF
            </a>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          The PDF has the note last sent. Sending emails the owners, whatever their email choice.
        </p>
        <p role="status" className="empty:hidden">
          {sent && (
            <span className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {sent}
            </span>
          )}
        </p>
      </form>
    </Panel>
  );
}

function LoadedReport({
  clientId,
  month,
  data,
}: {
  clientId: string;
  month: string;
  data: StaffReport;
}) {
  const [draft, setDraft] = useState(data.note ?? "");
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 lg:sticky lg:top-24 lg:order-2">
        <SendPanel clientId={clientId} month={month} data={data} onDraft={setDraft} />
      </div>
      <div className="min-w-0 lg:order-1">
        <ReportView report={data.report} note={draft.trim() || null} />
      </div>
    </div>
  );
}

/** A client's reports page: /admin/clients/<id>/reports?month=2026-10. */
export function StaffReportsView({ id }: { id: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const months = endedMonths(new Date());
  const month = parseReportMonth(search) || months[0]!;
  const report = useStaffReport(id, month);
  const companyName = report.data?.report.companyName;
  useDocumentTitle(companyName ? `Reports · ${companyName}` : "Reports");

  return (
    <>
      <ViewHeader
        back={<BackLink href={backOfficePaths.client(id)}>{companyName ?? "Client page"}</BackLink>}
        title="Monthly report"
        description={
          companyName
            ? `${companyName}: the care report of any month that has ended, as the client reads it.`
            : "The care report of any month that has ended, as the client reads it."
        }
        actions={
          <MonthPicker
            value={month}
            months={months}
            onChange={(next) => navigate(backOfficePaths.clientReports(id, next))}
          />
        }
      />
      {report.error ? (
        <Refused error={report.error} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <LoadingState label="Loading the report..." />
      ) : (
        // A month's own form: its note is that month's.
        <LoadedReport key={month} clientId={id} month={month} data={report.data} />
      )}
    </>
  );
}
