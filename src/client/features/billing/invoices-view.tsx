import { useCallback, type ReactNode } from "react";
import { Link, useSearchParams } from "wouter";
import { AlertTriangle, FilePlus2, Landmark, TrendingUp } from "lucide-react";
import { invoiceStatuses, invoiceStatusLabels, type InvoiceStatus } from "@shared/schemas/billing";
import { FilterSelect, Segmented } from "@/components/filters";
import { formatCalendarDate, formatCents, formatNumber } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  QueryError,
  RowLink,
  TBody,
  TD,
  TH,
  THead,
  TR,
  useDocumentTitle,
  ViewHeader,
} from "@/components/parts";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useClientChoices, useStaffInvoices } from "./api";
import { invoiceName, owes } from "./billing-view";
import { invoiceKind } from "./invoice-parts";
import { PlanRequestsPanel } from "./plan-requests";

const statusOptions = invoiceStatuses.map((value) => ({
  value,
  label: invoiceStatusLabels[value],
}));

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

function Figure({
  label,
  value,
  icon: Icon,
  tone = "default",
  children,
}: {
  label: string;
  value: string;
  icon: typeof TrendingUp;
  tone?: "default" | "alert";
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        "rounded-2xl border bg-card p-5 shadow-[0_1px_2px_rgb(0_0_0/0.04)]",
        tone === "alert" ? "border-red-200" : "border-border",
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon
          className={cn("size-4", tone === "alert" ? "text-red-700" : "text-accent")}
          aria-hidden="true"
        />
        {label}
      </dt>
      <dd
        className={cn(
          "mt-2 font-display text-3xl font-semibold tracking-tight tabular-nums",
          tone === "alert" ? "text-red-800" : "text-foreground",
        )}
      >
        {value}
      </dd>
      {children && <dd className="mt-1 text-xs text-muted-foreground">{children}</dd>}
    </div>
  );
}

/** /admin/invoices: every client's invoices, what came in this month and what is owed. */
export function InvoicesView() {
  useDocumentTitle("Invoices");
  const [params, setParams] = useSearchParams();
  const status = pick<InvoiceStatus>(invoiceStatuses, params.get("status"));
  const companyId = params.get("companyId") || undefined;
  const overdue = params.get("overdue") === "true";
  const { data, error, isPending, isPlaceholderData, refetch } = useStaffInvoices({
    status,
    companyId,
    overdue,
  });
  const clients = useClientChoices();
  const clientOptions = (clients.data ?? []).map((client) => ({
    value: client.id,
    label: client.name,
  }));
  const filtered = Boolean(status || companyId || overdue);

  const update = useCallback(
    (key: "status" | "companyId" | "overdue", value: string | undefined) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      }),
    [setParams],
  );

  return (
    <>
      <ViewHeader
        title="Invoices"
        description="Every client's invoices, newest first: issue, record payments, chase what is late."
        actions={
          <Button asChild>
            <Link href={`/invoices/new${companyId ? `?companyId=${companyId}` : ""}`}>
              <FilePlus2 aria-hidden="true" />
              New invoice
            </Link>
          </Button>
        }
      />

      {data && (
        <dl className="mb-6 grid gap-4 sm:grid-cols-3">
          <Figure
            label="Revenue this month"
            value={formatCents(data.revenueThisMonthCents)}
            icon={TrendingUp}
          >
            Payments received, less refunds
          </Figure>
          <Figure label="Outstanding" value={formatCents(data.outstandingCents)} icon={Landmark}>
            Owed on open invoices
          </Figure>
          <Figure
            label="Overdue"
            value={formatNumber(data.overdueCount)}
            icon={AlertTriangle}
            tone={data.overdueCount > 0 ? "alert" : "default"}
          >
            {data.overdueCount === 1 ? "Invoice past its due date" : "Invoices past their due date"}
            {data.overdueCount > 0 && !overdue && (
              <>
                {" · "}
                <button
                  type="button"
                  onClick={() => update("overdue", "true")}
                  className="inline-flex min-h-6 cursor-pointer items-center font-medium text-red-800 underline underline-offset-4"
                >
                  Show {data.overdueCount === 1 ? "it" : "them"}
                </button>
              </>
            )}
          </Figure>
        </dl>
      )}

      <div className="mb-6">
        <PlanRequestsPanel />
      </div>

      <div className="mb-5 grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto]">
        <FilterSelect
          label="Status"
          value={status}
          options={statusOptions}
          allLabel="All statuses"
          onChange={(value) => update("status", value)}
        />
        <FilterSelect
          label="Client"
          value={companyId}
          options={clientOptions}
          allLabel="All clients"
          onChange={(value) => update("companyId", value)}
        />
        <Segmented
          label="Due"
          value={overdue ? "overdue" : "any"}
          options={[
            { value: "any", label: "Any" },
            { value: "overdue", label: "Overdue" },
          ]}
          onChange={(value) => update("overdue", value === "overdue" ? "true" : undefined)}
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data && `${data.invoices.length} ${data.invoices.length === 1 ? "invoice" : "invoices"}`}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading invoices..." />
      ) : data.invoices.length === 0 ? (
        <EmptyState title={filtered ? "No invoices match these filters" : "No invoices yet"}>
          {filtered
            ? "Try another status or client, or show every due date."
            : "Invoices appear here as proposals are accepted, monthly plans come due, or you write one."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption="Invoices, newest first">
            <THead>
              <TH>Invoice</TH>
              <TH>Client</TH>
              <TH>Status</TH>
              <TH>Issued</TH>
              <TH>Due</TH>
              <TH className="text-right">Total</TH>
              <TH className="text-right">Balance</TH>
            </THead>
            <TBody>
              {data.invoices.map((invoice) => (
                <TR key={invoice.id} className={cn(invoice.overdue && "lg:bg-red-50/40")}>
                  <TD main>
                    <RowLink href={`/invoices/${invoice.id}`}>{invoiceName(invoice)}</RowLink>
                    <span className="block text-xs text-muted-foreground">
                      {invoiceKind(invoice)}
                    </span>
                  </TD>
                  <TD label="Client" className="max-lg:order-2 lg:max-w-56">
                    <span className="font-medium break-words text-foreground">
                      {invoice.companyName}
                    </span>
                  </TD>
                  <TD inline label="Status" className="max-lg:order-1">
                    <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
                  </TD>
                  <TD label="Issued" className="whitespace-nowrap max-lg:order-2">
                    {invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "Not yet"}
                  </TD>
                  <TD
                    label="Due"
                    className={cn(
                      "whitespace-nowrap max-lg:order-2",
                      invoice.overdue && "font-semibold text-red-800",
                    )}
                  >
                    {invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"}
                  </TD>
                  <TD label="Total" className="tabular-nums max-lg:order-2 lg:text-right">
                    {formatCents(invoice.totalCents)}
                  </TD>
                  <TD
                    label="Balance"
                    className={cn(
                      "font-semibold tabular-nums max-lg:order-2 lg:text-right",
                      !owes(invoice) && "font-normal text-muted-foreground",
                    )}
                  >
                    {formatCents(invoice.balanceCents)}
                  </TD>
                </TR>
              ))}
            </TBody>
          </DataTable>
        </div>
      )}
    </>
  );
}
