import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { X } from "lucide-react";
import type { AuditEventView } from "@shared/schemas/audit";
import { FilterSelect } from "@/components/filters";
import { formatDateTime } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  Pager,
  QueryError,
  TBody,
  TD,
  TH,
  THead,
  TR,
  useDocumentTitle,
  ViewHeader,
} from "@/components/parts";
import { Button } from "@/components/ui/button";
import { useAuditLog } from "./api";

const uuid = /^[0-9a-f-]{36}$/i;

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

/** Every staff write and security event, newest first, filtered by staff member and client. */
export function AuditLog() {
  useDocumentTitle("Audit log");
  const [params, setParams] = useSearchParams();
  const actorId = uuid.test(params.get("actorId") ?? "") ? params.get("actorId")! : undefined;
  const companyId = uuid.test(params.get("companyId") ?? "") ? params.get("companyId")! : undefined;
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const { data, error, isPending, refetch } = useAuditLog({ actorId, companyId, page });

  const update = useCallback(
    (changes: Partial<Record<"actorId" | "companyId" | "page", string | undefined>>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes) || next.get("page") === "1") next.delete("page");
        return next;
      }),
    [setParams],
  );

  return (
    <>
      <ViewHeader
        title="Audit log"
        description="Every change staff made and every security event of every account, newest first. Entries are never changed or removed."
      />

      <div className="mb-5 flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 sm:flex-row sm:items-end">
        <FilterSelect
          label="Who"
          value={actorId}
          options={(data?.staff ?? []).map((member) => ({ value: member.id, label: member.email }))}
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
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data &&
          `${data.total.toLocaleString("en-US")} ${data.total === 1 ? "entry" : "entries"}${companyId ? " for this client" : ""}`}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading the audit log..." />
      ) : data.items.length === 0 ? (
        <EmptyState title="Nothing logged yet">
          Staff changes and sign-ins appear here as they happen.
        </EmptyState>
      ) : (
        <DataTable caption="Audit log, newest first">
          <THead>
            <TH>What</TH>
            <TH>Who</TH>
            <TH>When</TH>
            <TH>Changes</TH>
            <TH>From</TH>
          </THead>
          <TBody>
            {data.items.map((event) => (
              <TR key={event.id}>
                <TD main className="lg:min-w-52">
                  <span className="block font-semibold text-foreground">{event.label}</span>
                  {event.targetType && (
                    <span className="mt-0.5 block text-xs text-muted-foreground">
                      {event.targetType}
                    </span>
                  )}
                </TD>
                <TD label="Who" className="[overflow-wrap:anywhere] lg:min-w-44">
                  {event.actorEmail ?? "Someone signed out"}
                  {event.actorIsStaff && (
                    <span className="ml-1.5 rounded-full bg-gold-100 px-1.5 py-0.5 text-[0.7rem] font-medium text-gold-900">
                      staff
                    </span>
                  )}
                </TD>
                <TD label="When" className="whitespace-nowrap">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </TD>
                <TD label="Changes" hideOnPhone={!event.changes} className="lg:max-w-80">
                  <ChangeList changes={event.changes} />
                </TD>
                <TD label="From" hideOnPhone={!event.ipAddress}>
                  <span className="font-mono text-xs">{event.ipAddress ?? "—"}</span>
                </TD>
              </TR>
            ))}
          </TBody>
        </DataTable>
      )}

      {data && (
        <Pager
          label="Pages of the audit log"
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => update({ page: String(next) })}
        />
      )}
    </>
  );
}
