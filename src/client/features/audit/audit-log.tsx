import { X } from "lucide-react";
import { backOfficeLists } from "@shared/deep-links";
import { formatCount, formatDateTime } from "@shared/format";
import type { AuditEventView } from "@shared/schemas/audit";
import { Pager } from "@/components/data-table";
import { FilterSelect } from "@/components/filters";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { Button } from "@/components/ui/button";
import { useListFilters } from "@/lib/use-list-filters";
import { useAuditLog } from "./api";

/** monthlyCostCents -> "Monthly cost cents": a field's name as words. */
const fieldName = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "Plan: Starter → Business", one line per changed field. */
function ChangeList({ changes }: { changes: AuditEventView["changes"] }) {
  if (!changes) return <span className="text-muted-foreground">—</span>;
  const keys = [
    ...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})]),
  ];
  const shown = (value: unknown) =>
    value === null || value === undefined || value === "" ? "none" : String(value);
  return (
    <ul className="min-w-0 space-y-0.5 text-xs [overflow-wrap:anywhere]">
      {keys.map((key) => (
        <li key={key}>
          <span className="font-medium text-foreground">{fieldName(key)}</span>:{" "}
          {changes.before && key in changes.before && (
            <>
              <span className="text-muted-foreground line-through">
                {shown(changes.before[key])}
              </span>{" "}
              →{" "}
            </>
          )}
          <span>{shown(changes.after?.[key])}</span>
        </li>
      ))}
    </ul>
  );
}

const columns: Column<AuditEventView>[] = [
  {
    header: "What",
    main: true,
    className: "lg:min-w-52",
    cell: (event) => (
      <>
        <span className="block font-semibold text-foreground">{event.label}</span>
        {event.targetType && (
          <span className="mt-0.5 block text-xs text-muted-foreground">{event.targetType}</span>
        )}
      </>
    ),
  },
  {
    header: "Who",
    className: "[overflow-wrap:anywhere] lg:min-w-44",
    cell: (event) => (
      <>
        {event.actorEmail ?? "Someone signed out"}
        {event.actorIsStaff && (
          <span className="ml-1.5 rounded-full bg-gold-100 px-1.5 py-0.5 text-[0.7rem] font-medium text-gold-900">
            staff
          </span>
        )}
      </>
    ),
  },
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (event) => <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>,
  },
  {
    header: "Changes",
    hideOnPhone: (event) => !event.changes,
    className: "lg:max-w-80",
    cell: (event) => <ChangeList changes={event.changes} />,
  },
  {
    header: "From",
    hideOnPhone: (event) => !event.ipAddress,
    cell: (event) => <span className="font-mono text-xs">{event.ipAddress ?? "—"}</span>,
  },
];

/** Every staff write and security event, newest first, filtered by staff member and client. */
export function AuditLog() {
  const [{ actorId, companyId, page }, update] = useListFilters(backOfficeLists.audit);
  const log = useAuditLog({ actorId, companyId, page });
  const { data } = log;

  return (
    <ListView
      title="Audit log"
      description="Every change staff made and every security event of every account, newest first. Entries are never changed or removed."
      filtersClassName="flex flex-col gap-4 sm:flex-row sm:items-end"
      filters={
        <>
          <FilterSelect
            label="Who"
            value={actorId}
            options={(data?.staff ?? []).map((member) => ({
              value: member.id,
              label: member.email,
            }))}
            allLabel="Everyone"
            onChange={(value) => update({ actorId: value })}
            className="sm:w-80"
          />
          {companyId && (
            <Button variant="outline" onClick={() => update({ companyId: undefined })}>
              <X aria-hidden="true" />
              Show every client
            </Button>
          )}
        </>
      }
      summary={
        data
          ? `${formatCount(data.total, "entry", "entries")}${companyId ? " for this client" : ""}`
          : ""
      }
      footer={
        data && (
          <Pager
            label="Pages of the audit log"
            list={data}
            onPage={(next) => update({ page: next })}
          />
        )
      }
    >
      <ListState query={log} loading="Loading the audit log...">
        {(list) => (
          <ListTable
            caption="Audit log, newest first"
            columns={columns}
            rows={list.items}
            rowKey={(event) => event.id}
            empty={{
              title: "Nothing logged yet",
              body: "Staff changes and sign-ins appear here as they happen.",
            }}
          />
        )}
      </ListState>
    </ListView>
  );
}
