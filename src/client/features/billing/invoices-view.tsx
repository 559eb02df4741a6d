import type { ReactNode } from "react";
import { Link } from "wouter";
import { AlertTriangle, FilePlus2, Landmark, TrendingUp } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { formatCalendarDate, formatMoney, formatNumber } from "@shared/format";
import { invoiceStatuses, invoiceStatusLabels, type InvoiceSummary } from "@shared/schemas/billing";
import { pageSummary, Pager, RowLink } from "@/components/data-table";
import { FilterSelect, Segmented } from "@/components/filters";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { oneOf, useListFilters } from "@/lib/use-list-filters";
import { cn } from "@/lib/utils";
import { useClientChoices, useStaffInvoices } from "./api";
import { invoiceName, owes } from "./billing-view";
import { invoiceKind } from "./invoice-parts";
import { PlanRequestsPanel } from "./plan-requests";

const statusOptions = invoiceStatuses.map((value) => ({
  value,
  label: invoiceStatusLabels[value],
}));

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

const columns: Column<InvoiceSummary>[] = [
  {
    header: "Invoice",
    main: true,
    cell: (invoice) => (
      <>
        <RowLink href={backOfficePaths.invoice(invoice.id)}>{invoiceName(invoice)}</RowLink>
        <span className="block text-xs text-muted-foreground">{invoiceKind(invoice)}</span>
      </>
    ),
  },
  {
    header: "Client",
    className: "max-lg:order-2 lg:max-w-56",
    cell: (invoice) => (
      <span className="font-medium break-words text-foreground">{invoice.companyName}</span>
    ),
  },
  {
    header: "Status",
    inline: true,
    className: "max-lg:order-1",
    cell: (invoice) => <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />,
  },
  {
    header: "Issued",
    className: "whitespace-nowrap max-lg:order-2",
    cell: (invoice) => (invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "Not yet"),
  },
  {
    header: "Due",
    className: (invoice) =>
      cn("whitespace-nowrap max-lg:order-2", invoice.overdue && "font-semibold text-red-800"),
    cell: (invoice) => (invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"),
  },
  {
    header: "Total",
    headerClassName: "text-right",
    className: "tabular-nums max-lg:order-2 lg:text-right",
    cell: (invoice) => formatMoney(invoice.totalCents),
  },
  {
    header: "Balance",
    headerClassName: "text-right",
    className: (invoice) =>
      cn(
        "font-semibold tabular-nums max-lg:order-2 lg:text-right",
        !owes(invoice) && "font-normal text-muted-foreground",
      ),
    cell: (invoice) => formatMoney(invoice.balanceCents),
  },
];

/** /admin/invoices: every client's invoices, what came in this month and what is owed. */
export function InvoicesView() {
  const [filters, update] = useListFilters(backOfficeLists.invoices);
  const status = oneOf(invoiceStatuses, filters.status);
  const { companyId, overdue } = filters;
  const invoices = useStaffInvoices({ status, companyId, overdue, page: filters.page });
  const { data } = invoices;
  const clients = useClientChoices();
  const clientOptions = (clients.data ?? []).map((client) => ({
    value: client.id,
    label: client.name,
  }));
  const filtered = Boolean(status || companyId || overdue);

  return (
    <ListView
      title="Invoices"
      description="Every client's invoices, newest first: issue, record payments, chase what is late."
      actions={
        <Button asChild>
          <Link href={backOfficePaths.newInvoice(companyId)}>
            <FilePlus2 aria-hidden="true" />
            New invoice
          </Link>
        </Button>
      }
      intro={
        <>
          {data && (
            <dl className="mb-6 grid gap-4 sm:grid-cols-3">
              <Figure
                label="Revenue this month"
                value={formatMoney(data.revenueThisMonthCents)}
                icon={TrendingUp}
              >
                Payments received, less refunds
              </Figure>
              <Figure
                label="Outstanding"
                value={formatMoney(data.outstandingCents)}
                icon={Landmark}
              >
                Owed on open invoices
              </Figure>
              <Figure
                label="Overdue"
                value={formatNumber(data.overdueCount)}
                icon={AlertTriangle}
                tone={data.overdueCount > 0 ? "alert" : "default"}
              >
                {data.overdueCount === 1
                  ? "Invoice past its due date"
                  : "Invoices past their due date"}
                {data.overdueCount > 0 && !overdue && (
                  <>
                    {" · "}
                    <button
                      type="button"
                      onClick={() => update({ overdue: true })}
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
        </>
      }
      filtersClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto]"
      filters={
        <>
          <FilterSelect
            label="Status"
            value={status}
            options={statusOptions}
            allLabel="All statuses"
            onChange={(value) => update({ status: value ?? "" })}
          />
          <FilterSelect
            label="Client"
            value={companyId}
            options={clientOptions}
            allLabel="All clients"
            onChange={(value) => update({ companyId: value })}
          />
          <Segmented
            label="Due"
            value={overdue ? "overdue" : "any"}
            options={[
              { value: "any", label: "Any" },
              { value: "overdue", label: "Overdue" },
            ]}
            onChange={(value) => update({ overdue: value === "overdue" })}
            className="sm:col-span-2 lg:col-span-1"
          />
        </>
      }
      summary={
        <>
          {data && pageSummary({ ...data, shown: data.invoices.length }, "invoice", "invoices")}
          {invoices.isPlaceholderData && " (updating...)"}
        </>
      }
      footer={
        data && (
          <Pager label="Pages of invoices" list={data} onPage={(next) => update({ page: next })} />
        )
      }
    >
      <ListState query={invoices} loading="Loading invoices...">
        {(list) => (
          <ListTable
            caption="Invoices, newest first"
            columns={columns}
            rows={list.invoices}
            rowKey={(invoice) => invoice.id}
            rowClassName={(invoice) => cn(invoice.overdue && "lg:bg-red-50/40")}
            empty={
              filtered
                ? {
                    title: "No invoices match these filters",
                    body: "Try another status or client, or show every due date.",
                  }
                : {
                    title: "No invoices yet",
                    body: "Invoices appear here as proposals are accepted, monthly plans come due, or you write one.",
                  }
            }
          />
        )}
      </ListState>
    </ListView>
  );
}
