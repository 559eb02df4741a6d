import { useCallback, useEffect } from "react";
import { Download } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { formatDateTime, humanize } from "@shared/format";
import { leadKinds, leadStatuses } from "@shared/lead-kinds";
import type { LeadSummary } from "@shared/schemas/leads";
import { Button } from "@/components/ui/button";
import { pageSummary, Pager, RowLink } from "@/components/data-table";
import { FilterSelect, SearchBox, Segmented } from "@/components/filters";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { LeadKindBadge, LeadStatusBadge } from "@/components/status-badge";
import { oneOf, useListFilters } from "@/lib/use-list-filters";
import { leadsExportUrl, useLeads } from "./api";

const kindOptions = [
  { value: "all", label: "All" },
  { value: "contact", label: "Messages" },
  { value: "application", label: "Applications" },
] as const;

const statusOptions = leadStatuses.map((status) => ({ value: status, label: humanize(status) }));

let lastFilters: Parameters<typeof backOfficeLists.leads.path>[0] = {};
/** The inbox address with the filters last used, for "back to the inbox" links. */
export const inboxHref = () => backOfficeLists.leads.path(lastFilters);

const columns: Column<LeadSummary>[] = [
  {
    header: "From",
    main: true,
    cell: (lead) => (
      <>
        <RowLink href={backOfficePaths.lead(lead.kind, lead.id)}>{lead.name}</RowLink>
        <span className="block max-w-64 truncate text-muted-foreground max-lg:max-w-full">
          {lead.email}
        </span>
      </>
    ),
  },
  {
    header: "Company",
    hideOnPhone: (lead) => !lead.company,
    className: "break-words max-lg:order-3 lg:max-w-48",
    cell: (lead) => lead.company || <span className="text-muted-foreground">—</span>,
  },
  {
    header: "Kind",
    inline: true,
    className: "max-lg:order-1",
    cell: (lead) => <LeadKindBadge kind={lead.kind} />,
  },
  {
    header: "Subject or project",
    label: "Topic",
    inline: true,
    className: "max-lg:order-2 max-lg:w-full lg:max-w-64",
    cell: (lead) => <span className="line-clamp-2 break-words">{lead.topic}</span>,
  },
  {
    header: "Status",
    inline: true,
    className: "max-lg:order-1",
    cell: (lead) => <LeadStatusBadge status={lead.status} />,
  },
  {
    header: "Received",
    inline: true,
    className: "whitespace-nowrap max-lg:order-4 max-lg:text-xs max-lg:text-muted-foreground",
    cell: (lead) => <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>,
  },
  {
    header: "Reference",
    headerClassName: "lg:max-xl:hidden",
    inline: true,
    className:
      "max-lg:order-4 max-lg:ml-auto max-lg:text-xs max-lg:text-muted-foreground lg:max-xl:hidden",
    cell: (lead) => <span className="font-mono text-xs">{lead.reference}</span>,
  },
];

export function LeadsInbox() {
  const [filters, update] = useListFilters(backOfficeLists.leads);
  const kind = oneOf(leadKinds, filters.kind);
  const status = oneOf(leadStatuses, filters.status);
  const { q, page } = filters;
  const leads = useLeads({ kind, status, q: q || undefined, page });
  const { data } = leads;

  useEffect(() => {
    lastFilters = filters;
  }, [filters]);

  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const filtered = Boolean(kind || status || q);

  return (
    <ListView
      title="Leads"
      description="Contact messages and project applications, newest first."
      actions={
        <Button asChild variant="outline">
          <a href={leadsExportUrl({ kind, status, q: q || undefined })} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      }
      filtersClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-[auto_14rem_minmax(0,1fr)]"
      filters={
        <>
          <Segmented
            label="Kind"
            value={kind ?? "all"}
            options={kindOptions}
            onChange={(value) => update({ kind: value === "all" ? "" : value })}
          />
          <FilterSelect
            label="Status"
            value={status}
            options={statusOptions}
            allLabel="All but spam"
            onChange={(value) => update({ status: value ?? "" })}
          />
          <SearchBox
            label="Search"
            value={q}
            onChange={onSearch}
            placeholder="Name, email, company, text"
            className="sm:col-span-2 lg:col-span-1"
          />
        </>
      }
      summary={
        <>
          {data && pageSummary({ ...data, shown: data.items.length }, "lead", "leads")}
          {leads.isPlaceholderData && " (updating...)"}
        </>
      }
      footer={
        data && (
          <Pager label="Pages of leads" list={data} onPage={(next) => update({ page: next })} />
        )
      }
    >
      <ListState query={leads} loading="Loading leads...">
        {(list) => (
          <ListTable
            caption="Leads, newest first"
            columns={columns}
            rows={list.items}
            rowKey={(lead) => `${lead.kind}-${lead.id}`}
            empty={
              filtered
                ? {
                    title: "No leads match these filters",
                    body: "Try another kind or status, or search for something else.",
                  }
                : {
                    title: "No leads yet",
                    body: "Messages from the contact form and project applications will appear here.",
                  }
            }
          />
        )}
      </ListState>
    </ListView>
  );
}
