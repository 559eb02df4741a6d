import { useCallback, useEffect } from "react";
import { useSearch, useSearchParams } from "wouter";
import { Download } from "lucide-react";
import { type LeadKind, leadKinds, type LeadStatus, leadStatuses } from "@shared/lead-kinds";
import { Button } from "@/components/ui/button";
import { FilterSelect, SearchBox, Segmented } from "@/components/filters";
import { formatDateTime, humanize } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  Pager,
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
import { LeadKindBadge, LeadStatusBadge } from "@/components/status-badge";
import { leadsExportUrl, useLeads, type LeadsQuery } from "./api";

const kindOptions = [
  { value: "all", label: "All" },
  { value: "contact", label: "Messages" },
  { value: "application", label: "Applications" },
] as const;

const statusOptions = leadStatuses.map((status) => ({ value: status, label: humanize(status) }));

let lastInboxSearch = "";
/** The inbox address with the filters last used, for "back to the inbox" links. */
export const inboxHref = () => `/${lastInboxSearch}`;

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The inbox's filters live in the address, so a reload, a link or Back keeps them. */
function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters: LeadsQuery & { q: string } = {
    kind: pick<LeadKind>(leadKinds, params.get("kind")),
    status: pick<LeadStatus>(leadStatuses, params.get("status")),
    q: params.get("q") ?? "",
    page: Math.max(1, Math.floor(Number(params.get("page"))) || 1),
  };
  const update = useCallback(
    (changes: Partial<Record<"kind" | "status" | "q" | "page", string | undefined>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          // A new filter starts again at the first page.
          if (!("page" in changes)) next.delete("page");
          if (next.get("page") === "1") next.delete("page");
          return next;
        },
        { replace: "q" in changes },
      );
    },
    [setParams],
  );
  return { filters, update };
}

export function LeadsInbox() {
  useDocumentTitle("Leads");
  const search = useSearch();
  const { filters, update } = useLeadFilters();
  const { kind, status, q, page } = filters;
  const { data, error, isPending, isPlaceholderData, refetch } = useLeads({
    kind,
    status,
    q: q || undefined,
    page,
  });

  useEffect(() => {
    lastInboxSearch = search ? `?${search}` : "";
  }, [search]);

  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.items.length - 1) : 0;
  const filtered = Boolean(kind || status || q);

  return (
    <>
      <ViewHeader
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
      />

      <div className="mb-5 grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[auto_14rem_minmax(0,1fr)]">
        <Segmented
          label="Kind"
          value={kind ?? "all"}
          options={kindOptions}
          onChange={(value) => update({ kind: value === "all" ? undefined : value })}
        />
        <FilterSelect
          label="Status"
          value={status}
          options={statusOptions}
          allLabel="All but spam"
          onChange={(value) => update({ status: value })}
        />
        <SearchBox
          label="Search"
          value={q}
          onChange={onSearch}
          placeholder="Name, email, company, text"
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data &&
          (data.total === 0
            ? "No leads"
            : `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? "lead" : "leads"}`)}
        {isPlaceholderData && " (updating...)"}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading leads..." />
      ) : data.items.length === 0 ? (
        <EmptyState title={filtered ? "No leads match these filters" : "No leads yet"}>
          {filtered
            ? "Try another kind or status, or search for something else."
            : "Messages from the contact form and project applications will appear here."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption="Leads, newest first">
            <THead>
              <TH>From</TH>
              <TH>Company</TH>
              <TH>Kind</TH>
              <TH>Subject or project</TH>
              <TH>Status</TH>
              <TH>Received</TH>
              <TH className="lg:max-xl:hidden">Reference</TH>
            </THead>
            <TBody>
              {data.items.map((lead) => (
                <TR key={`${lead.kind}-${lead.id}`}>
                  <TD main>
                    <RowLink href={`/leads/${lead.kind}/${lead.id}`}>{lead.name}</RowLink>
                    <span className="block max-w-64 truncate text-muted-foreground max-lg:max-w-full">
                      {lead.email}
                    </span>
                  </TD>
                  <TD
                    label="Company"
                    hideOnPhone={!lead.company}
                    className="break-words max-lg:order-3 lg:max-w-48"
                  >
                    {lead.company || <span className="text-muted-foreground">—</span>}
                  </TD>
                  <TD inline label="Kind" className="max-lg:order-1">
                    <LeadKindBadge kind={lead.kind} />
                  </TD>
                  <TD inline label="Topic" className="max-lg:order-2 max-lg:w-full lg:max-w-64">
                    <span className="line-clamp-2 break-words">{lead.topic}</span>
                  </TD>
                  <TD inline label="Status" className="max-lg:order-1">
                    <LeadStatusBadge status={lead.status} />
                  </TD>
                  <TD
                    inline
                    label="Received"
                    className="whitespace-nowrap max-lg:order-4 max-lg:text-xs max-lg:text-muted-foreground"
                  >
                    <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                  </TD>
                  <TD
                    inline
                    label="Reference"
                    className="max-lg:order-4 max-lg:ml-auto max-lg:text-xs max-lg:text-muted-foreground lg:max-xl:hidden"
                  >
                    <span className="font-mono text-xs">{lead.reference}</span>
                  </TD>
                </TR>
              ))}
            </TBody>
          </DataTable>
        </div>
      )}

      {data && (
        <Pager
          label="Pages of leads"
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => update({ page: String(next) })}
        />
      )}
    </>
  );
}
