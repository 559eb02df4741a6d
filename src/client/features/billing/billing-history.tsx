import type { ReactNode } from "react";
import { Link } from "wouter";
import { AlertTriangle, Download, FileText } from "lucide-react";
import type { Billing, InvoiceSummary } from "@shared/schemas/billing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { DataTable, TBody, TD, TH, THead, TR } from "@/components/data-table";
import { LoadError, LoadingCards } from "@/components/view-states";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { invoicePdfUrl, useInvoices, usePayments } from "./api";
import { invoiceName, owes } from "./billing-view";
import { invoiceKind, PaymentRows } from "./invoice-parts";
import { PayNowButton } from "./pay-now-button";

/* What the client was billed and what they paid: the Billing tab's invoices and payments. */

function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-xl font-semibold tracking-tight text-foreground">
      {children}
    </h3>
  );
}

export function InvoicesSection({
  billing,
  invoiceHref,
}: {
  billing: Billing;
  invoiceHref: (id: string) => string;
}) {
  const { data: invoices, isPending, isError, refetch } = useInvoices();
  return (
    <section aria-labelledby="invoices-heading" className="mt-12">
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <SubHeading id="invoices-heading">Invoices</SubHeading>
        <p
          className={cn(
            "flex items-center gap-2 text-sm",
            billing.overdueCount > 0 ? "font-semibold text-red-800" : "text-muted-foreground",
          )}
        >
          {billing.overdueCount > 0 && <AlertTriangle className="size-4" aria-hidden="true" />}
          {billing.balanceCents > 0 ? (
            <>
              Outstanding balance: {formatMoney(billing.balanceCents)}
              {billing.overdueCount > 0 &&
                ` (${billing.overdueCount} overdue ${billing.overdueCount === 1 ? "invoice" : "invoices"})`}
            </>
          ) : (
            "Outstanding balance: $0.00. You are all paid up."
          )}
        </p>
      </div>
      {isPending ? (
        <LoadingCards label="Loading your invoices..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your invoices" onRetry={() => void refetch()} />
      ) : invoices.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-card/60 p-6 text-center text-sm text-muted-foreground">
          No invoices yet. Each invoice appears here when we issue it, and we email you a copy.
        </p>
      ) : (
        <DataTable caption="Your invoices, newest first">
          <THead>
            <TH>Invoice</TH>
            <TH>Issued</TH>
            <TH>Due</TH>
            <TH className="text-right">Amount</TH>
            <TH>Status</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </THead>
          <TBody>
            {invoices.map((invoice) => (
              <InvoiceRow
                key={invoice.id}
                invoice={invoice}
                href={invoiceHref(invoice.id)}
                cardsAccepted={billing.cardsAccepted}
              />
            ))}
          </TBody>
        </DataTable>
      )}
    </section>
  );
}

function InvoiceRow({
  invoice,
  href,
  cardsAccepted,
}: {
  invoice: InvoiceSummary;
  href: string;
  cardsAccepted: boolean;
}) {
  const name = invoiceName(invoice);
  return (
    <TR className={cn(invoice.overdue && "lg:bg-red-50/40")}>
      <TD main>
        <Link
          href={href}
          aria-label={`Open invoice ${name}`}
          className="rounded-sm font-semibold text-foreground underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-ring lg:focus-visible:after:rounded-none"
        >
          <FileText
            className="mr-1.5 inline size-4 align-[-2px] text-muted-foreground"
            aria-hidden="true"
          />
          {name}
        </Link>
        <span className="block text-xs text-muted-foreground">{invoiceKind(invoice)}</span>
      </TD>
      <TD label="Issued" hideOnPhone className="whitespace-nowrap">
        {invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "—"}
      </TD>
      <TD
        label="Due"
        className={cn("whitespace-nowrap", invoice.overdue && "font-semibold text-red-800")}
      >
        {invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"}
      </TD>
      <TD label="Amount" className="font-semibold whitespace-nowrap tabular-nums lg:text-right">
        {formatMoney(invoice.totalCents)}
        {owes(invoice) && invoice.paidCents > 0 && (
          <span className="block text-xs font-normal text-muted-foreground">
            {formatMoney(invoice.balanceCents)} left to pay
          </span>
        )}
      </TD>
      <TD inline label="Status" className="max-lg:order-first">
        <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
      </TD>
      <TD label="" className="max-lg:w-full">
        <span className="relative z-10 flex flex-wrap items-center gap-2 lg:justify-end">
          <Button asChild variant="outline" size="sm">
            <a
              href={invoicePdfUrl(invoice.id)}
              download
              aria-label={`Download invoice ${name} (PDF)`}
            >
              <Download aria-hidden="true" />
              PDF
            </a>
          </Button>
          {cardsAccepted && owes(invoice) && <PayNowButton invoiceId={invoice.id} />}
        </span>
      </TD>
    </TR>
  );
}

export function PaymentsSection() {
  const { data: payments, isPending, isError, refetch } = usePayments();
  return (
    <section aria-labelledby="payments-heading" className="mt-12">
      <div className="mb-4">
        <SubHeading id="payments-heading">Payments</SubHeading>
      </div>
      {isPending ? (
        <LoadingCards label="Loading your payments..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your payments" onRetry={() => void refetch()} />
      ) : payments.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-card/60 p-6 text-center text-sm text-muted-foreground">
          No payments yet.
        </p>
      ) : (
        <PaymentRows payments={payments} showInvoice />
      )}
    </section>
  );
}
