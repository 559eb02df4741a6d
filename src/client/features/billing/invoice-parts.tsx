import { useId, type ReactNode } from "react";
import { Download, Landmark, Mail, StickyNote } from "lucide-react";
import { invoiceTerms } from "@content/billing";
import {
  paymentMethodLabels,
  type InvoiceDetail,
  type OfflinePayment,
  type Payment,
} from "@shared/schemas/billing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { LinesTable } from "@/components/lines-table";
import { InvoiceStatusBadge, PaymentBadge } from "@/components/status-badge";
import { cn } from "@/lib/utils";
import { creditNotePdfUrl } from "./api";
import { invoiceName, owes, paymentKind, paymentKindLabels } from "./billing-view";

/*
 * An invoice as both sides read it: its dates, lines, totals, payments and, when cards are not
 * taken, how to pay by transfer or check.
 */

const sourceLabels: Record<string, string> = {
  manual: "One-off invoice",
  deposit: "Project deposit (50%)",
  midpoint: "Project mid-point (25%)",
  completion: "Project completion (25%)",
  recurring: "Monthly plan",
  overage: "Care hours beyond the plan",
};

/** What an invoice is for, in a few words: "Monthly plan, Jan 15 – Feb 14, 2027". */
export function invoiceKind(invoice: Pick<InvoiceDetail, "source"> & Partial<InvoiceDetail>) {
  const label = sourceLabels[invoice.source] ?? "Invoice";
  if (invoice.periodStart && invoice.periodEnd) {
    return `${label}, ${formatCalendarDate(invoice.periodStart)} to ${formatCalendarDate(invoice.periodEnd)}`;
  }
  return label;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold break-words text-foreground">{children}</dd>
    </div>
  );
}

/** Issued, due, status and total, in a row (two by two on a phone). */
export function InvoiceFacts({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-xl bg-muted/70 p-4 sm:grid-cols-4">
      <Fact label="Issued">
        {invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "Not yet"}
      </Fact>
      <Fact label="Due">{invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "Not set"}</Fact>
      <Fact label="Status">
        <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
      </Fact>
      <Fact label="Balance due">
        <span className={cn("tabular-nums", invoice.overdue && "text-red-700")}>
          {formatMoney(invoice.balanceCents)}
        </span>
      </Fact>
    </dl>
  );
}

function Amount({
  label,
  value,
  strong = false,
  className,
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-1", className)}>
      <dt className={strong ? "font-semibold text-foreground" : "text-muted-foreground"}>
        {label}
      </dt>
      <dd
        className={cn(
          "tabular-nums",
          strong ? "text-base font-semibold text-foreground" : "text-foreground",
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Subtotal, tax, total, paid and what is left to pay. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <dl
      aria-label="Totals"
      className="ml-auto w-full rounded-xl border border-border bg-sand/40 p-4 text-sm sm:max-w-80"
    >
      <Amount label="Subtotal" value={formatMoney(invoice.subtotalCents)} />
      <Amount
        label={invoice.taxRatePercent > 0 ? `Tax (${invoice.taxRatePercent}%)` : "Tax"}
        value={formatMoney(invoice.taxCents)}
      />
      <Amount
        label="Total"
        value={formatMoney(invoice.totalCents)}
        strong
        className="mt-1 border-t border-border pt-2"
      />
      {invoice.creditedCents > 0 && (
        <Amount label="Credited" value={`−${formatMoney(invoice.creditedCents)}`} />
      )}
      <Amount label="Paid" value={formatMoney(invoice.paidCents)} />
      <Amount
        label="Balance due"
        value={formatMoney(invoice.balanceCents)}
        strong
        className="mt-1 border-t border-border pt-2"
      />
    </dl>
  );
}

/** Payments, failed card payments and refunds, each with its date, method and amount. */
export function PaymentRows({
  payments,
  showInvoice = false,
  cardReferences = false,
}: {
  payments: Payment[];
  /** Name the invoice each is for (the Billing tab's list of every payment). */
  showInvoice?: boolean;
  /** Show Stripe's ids of card payments (staff); a client sees only their own references. */
  cardReferences?: boolean;
}) {
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-card">
      {payments.map((payment) => {
        const kind = paymentKind(payment);
        return (
          <li
            key={payment.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-foreground">
                <time dateTime={payment.paidOn}>{formatCalendarDate(payment.paidOn)}</time>
                <PaymentBadge kind={kind} />
              </p>
              <p className="mt-0.5 text-xs break-words text-muted-foreground">
                <span className="sr-only">{paymentKindLabels[kind]}: </span>
                {paymentMethodLabels[payment.method]}
                {showInvoice && payment.invoiceNumber && <> · Invoice {payment.invoiceNumber}</>}
                {payment.reference &&
                  kind !== "failed" &&
                  (cardReferences || payment.method !== "card") && <> · Ref. {payment.reference}</>}
              </p>
              {kind === "failed" && payment.failureMessage && (
                <p className="mt-0.5 text-xs text-red-800">{payment.failureMessage}</p>
              )}
            </div>
            <p
              className={cn(
                "text-sm font-semibold whitespace-nowrap tabular-nums",
                kind === "failed"
                  ? "text-muted-foreground line-through"
                  : kind === "refund"
                    ? "text-violet-800"
                    : "text-foreground",
              )}
            >
              {kind === "refund" ? "−" : ""}
              {formatMoney(payment.amountCents)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The invoice's credit notes (one per refund), each with its PDF. */
function CreditNoteRows({
  invoice,
  audience,
}: {
  invoice: InvoiceDetail;
  audience: "client" | "staff";
}) {
  return (
    <div>
      <h4 className="mb-2 font-sans text-sm font-semibold text-foreground">Credit notes</h4>
      <ul className="divide-y divide-border rounded-xl border border-border bg-card">
        {invoice.creditNotes.map((note) => (
          <li
            key={note.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="text-sm font-semibold text-foreground">
                {note.number} ·{" "}
                <time dateTime={note.issueDate}>{formatCalendarDate(note.issueDate)}</time>
              </p>
              <p className="mt-0.5 text-xs break-words text-muted-foreground">
                Refunded by {paymentMethodLabels[note.method].toLowerCase()}
                {note.reference && note.method !== "card" && <> · Ref. {note.reference}</>}
                {note.reason && <> · {note.reason}</>}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <p className="text-sm font-semibold whitespace-nowrap text-violet-800 tabular-nums">
                −{formatMoney(note.amountCents)}
              </p>
              <a
                href={creditNotePdfUrl(note.id, audience)}
                download
                className="inline-flex items-center gap-1 text-sm font-medium text-accent underline underline-offset-4"
              >
                <Download className="size-4" aria-hidden="true" />
                PDF<span className="sr-only"> of credit note {note.number}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Bank transfer and check details, for when cards are not taken. */
export function OfflinePaymentDetails({
  offline,
  number,
}: {
  offline: OfflinePayment;
  number: string | null;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-gold-300 bg-gold-50/70 p-4"
    >
      <h4 id="offline-payment-heading" className="font-sans text-sm font-semibold text-foreground">
        How to pay this invoice
      </h4>
      <p className="mt-1 text-sm text-muted-foreground">
        Pay by bank transfer or check{number ? `, quoting ${number}` : ""}.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
            <Landmark className="size-4 text-gold-800" aria-hidden="true" />
            Bank transfer (ACH)
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {offline.bankTransfer.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-muted-foreground">{row.label}</dt>
                {/* Copied by people paying: never broken inside a number. */}
                <dd
                  className={cn(
                    "font-medium text-foreground tabular-nums",
                    /^[\d\s-]+$/.test(row.value) ? "break-keep whitespace-nowrap" : "break-words",
                  )}
                >
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
            <Mail className="size-4 text-gold-800" aria-hidden="true" />
            Check by mail
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Payable to</dt>
            <dd className="font-medium text-foreground">{offline.check.payableTo}</dd>
            <dt className="text-muted-foreground">Mail to</dt>
            <dd className="font-medium text-foreground">{offline.check.address}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}

/**
 * The body of an invoice: facts, lines, totals, memo, payments, and how to pay it without a
 * card while something is owed and cards are not taken. `actions` go under the facts.
 */
export function InvoiceBody({
  invoice,
  actions,
  audience = "client",
}: {
  invoice: InvoiceDetail;
  actions?: ReactNode;
  /** The client reads how to pay it; staff read Stripe's references. */
  audience?: "client" | "staff";
}) {
  const howToPay = audience === "client";
  const name = invoiceName(invoice);
  return (
    <div className="flex flex-col gap-5">
      <InvoiceFacts invoice={invoice} />
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      {howToPay && invoice.offlinePayment && owes(invoice) && (
        <OfflinePaymentDetails offline={invoice.offlinePayment} number={invoice.number} />
      )}
      <LinesTable
        lines={invoice.lines}
        caption={`Lines of invoice ${name}`}
        itemHeading="Description"
      />
      <InvoiceTotals invoice={invoice} />
      {invoice.memo && (
        <p className="flex items-start gap-2 rounded-xl bg-muted/70 p-4 text-sm break-words whitespace-pre-line text-foreground">
          <StickyNote className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {invoice.memo}
        </p>
      )}
      <div>
        <h4 className="mb-2 font-sans text-sm font-semibold text-foreground">Payments</h4>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <PaymentRows payments={invoice.payments} cardReferences={audience === "staff"} />
        )}
      </div>
      {invoice.creditNotes.length > 0 && <CreditNoteRows invoice={invoice} audience={audience} />}
      {howToPay && <p className="text-xs text-muted-foreground">{invoiceTerms}</p>}
    </div>
  );
}
