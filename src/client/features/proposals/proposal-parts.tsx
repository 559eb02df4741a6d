import type { ReactNode } from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import type { ProposalResponse, ProposalVersion } from "@shared/schemas/proposals";
import { formatCalendarDate, formatMoney, formatDateTime } from "@shared/format";
import { cn } from "@/lib/utils";

/*
 * The parts both sides read a proposal with: its totals and payment plan, its scope, its terms
 * and the record of the client's answer (its lines are the shared LinesTable).
 */

export interface Totals {
  oneOffCents: number;
  monthlyCents: number;
  depositCents: number;
  midpointCents: number;
  completionCents: number;
}

function Amount({
  label,
  value,
  strong = false,
  note,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  note?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt
        className={cn(
          "text-sm",
          strong ? "font-semibold text-foreground" : "text-muted-foreground",
        )}
      >
        {label}
        {note && <span className="block text-xs font-normal text-muted-foreground">{note}</span>}
      </dt>
      <dd
        className={cn(
          "text-right whitespace-nowrap tabular-nums",
          strong ? "text-lg font-semibold text-foreground" : "text-sm text-foreground",
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** The one-off total with its 50 / 25 / 25 payment plan, and the monthly total. */
export function TotalsSummary({ totals, className }: { totals: Totals; className?: string }) {
  return (
    <div
      role="group"
      aria-label="Totals"
      className={cn("rounded-xl border border-border bg-sand/40 p-4", className)}
    >
      <dl>
        <Amount label="One-off total" value={formatMoney(totals.oneOffCents)} strong />
      </dl>
      {totals.oneOffCents > 0 && (
        <dl aria-label="Payment plan" className="my-1 border-l-2 border-gold-500/60 pl-3">
          <Amount
            label="50% deposit"
            note="To reserve your start date"
            value={formatMoney(totals.depositCents)}
          />
          <Amount
            label="25% at mid-point"
            note="Once designs are approved"
            value={formatMoney(totals.midpointCents)}
          />
          <Amount
            label="25% on completion"
            note="When it is ready to launch"
            value={formatMoney(totals.completionCents)}
          />
        </dl>
      )}
      <dl className="mt-2 border-t border-border pt-2">
        <Amount
          label="Monthly total"
          value={`${formatMoney(totals.monthlyCents)}/mo`}
          strong
          note={totals.monthlyCents > 0 ? "Hosting and care, from launch" : undefined}
        />
      </dl>
    </div>
  );
}

/** The scope, rendered to safe HTML on the server. */
export function ScopeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "text-sm leading-relaxed break-words text-foreground/90",
        "[&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:mt-4 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&>*:first-child]:mt-0",
        className,
      )}
      // Rendered from Markdown on the server with raw HTML and unsafe links refused.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The terms a version carries: a heading a section, then its paragraphs. */
export function TermsText({ terms }: { terms: ProposalVersion["terms"] }) {
  return (
    <div className="flex flex-col gap-4 text-sm leading-relaxed break-words text-foreground/90">
      {terms.map((section) => (
        <div key={section.heading}>
          <h5 className="font-sans text-sm font-semibold text-foreground">{section.heading}</h5>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index} className="mt-1.5">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}

/** "Valid until Dec 24, 2026". */
export const validUntilText = (date: string) => `Valid until ${formatCalendarDate(date)}`;

/** Whether a calendar date (YYYY-MM-DD) is before today, where the reader is. */
export function isPast(date: string, now = new Date()): boolean {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return date.slice(0, 10) < today;
}

/** The record kept of the client's answer: who, what, when, from where, and what they saw. */
export function ResponseRecord({
  response,
  versionNumber,
}: {
  response: ProposalResponse;
  versionNumber?: number;
}) {
  const accepted = response.decision === "accepted";
  const rows: [string, ReactNode][] = [
    [
      accepted ? "Name typed" : "Reason",
      <span className="break-words whitespace-pre-line">
        {accepted ? response.signedName : response.reason}
      </span>,
    ],
    ["Signed in as", <span className="break-words">{response.userEmail}</span>],
    ["Time", <time dateTime={response.createdAt}>{formatDateTime(response.createdAt)}</time>],
    ["Client address", response.ipAddress ?? "Not recorded"],
    [
      "User agent",
      <span className="text-xs break-words">{response.userAgent ?? "Not recorded"}</span>,
    ],
    ["SHA-256", <span className="font-mono text-xs break-all">{response.contentHash}</span>],
  ];
  return (
    <div
      className={cn(
        "rounded-xl border p-4",
        accepted ? "border-emerald-200 bg-emerald-50/60" : "border-red-200 bg-red-50/60",
      )}
    >
      <p className="flex items-center gap-2 font-semibold text-foreground">
        {accepted ? (
          <CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />
        ) : (
          <XCircle className="size-5 text-red-700" aria-hidden="true" />
        )}
        {accepted ? "Accepted" : "Declined"}
        {versionNumber ? ` (version ${versionNumber})` : ""}
      </p>
      <dl className="mt-3 flex flex-col gap-2.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
