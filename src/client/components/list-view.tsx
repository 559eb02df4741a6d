import type { ReactNode } from "react";
import { DataTable, TBody, TD, TH, THead, TR } from "@/components/data-table";
import { useDocumentTitle, ViewHeader } from "@/components/view-header";
import { EmptyState, LoadingState, QueryError } from "@/components/view-states";
import { cn } from "@/lib/utils";

/*
 * The back office's lists, built one way: a header, the filters in a box, a live line saying
 * how many there are, then the list itself, a table from 1024 px and a stack of cards below,
 * with its loading, failed and empty states. Each list says only what is its own: its columns
 * and its words.
 */

/** A back-office list view: its heading (and the tab's title), filters, count line and body. */
export function ListView({
  title,
  description,
  actions,
  intro,
  filters,
  filtersClassName,
  summary,
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** What comes before the filters: figures, a form the header's action opened, a notice. */
  intro?: ReactNode;
  filters?: ReactNode;
  /** How the filters are laid out in their box (a grid, a row). */
  filtersClassName?: string;
  /** How many there are ("" until known: the line keeps its place); announced as it changes. */
  summary?: ReactNode;
  /** What comes after the list: its pages. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <>
      <ViewHeader title={title} description={description} actions={actions} />
      {intro}
      {filters && <FilterBar className={filtersClassName}>{filters}</FilterBar>}
      {summary !== undefined && (
        <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
          {summary}
        </p>
      )}
      {children}
      {footer}
    </>
  );
}

/** A list's filters, in their box above it. */
export function FilterBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn("mb-5 rounded-2xl border border-border bg-card p-4", className)}>
      {children}
    </div>
  );
}

/** What a list's read gives: its data once there, or why not yet. */
type ListQuery<D> = {
  data: D | undefined;
  error: unknown;
  isPending: boolean;
  /** The previous filters' data, shown dimmed while the new filters' arrives. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

/** A list's read: why it failed (with a retry), that it is loading, or what it gave. */
export function ListState<D>({
  query,
  loading,
  children,
}: {
  query: ListQuery<D>;
  /** "Loading leads...": said while the list loads. */
  loading: string;
  children: (data: D) => ReactNode;
}) {
  if (query.error) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return <LoadingState label={loading} />;
  return (
    <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
      {children(query.data)}
    </div>
  );
}

/** One column of a list: its heading, and what each row shows under it. */
export type Column<T> = {
  header: string;
  /** The cell's name on a phone's card, when it is not the heading. */
  label?: string;
  /** The row's first line on a phone's card: what the row is (and its link). */
  main?: boolean;
  /** On a phone's card, sits beside its neighbours without its name (a badge, a date). */
  inline?: boolean;
  headerClassName?: string;
  className?: string | ((row: T) => string | undefined);
  /** Left off a phone's card (an empty value, say). */
  hideOnPhone?: (row: T) => boolean;
  cell: (row: T) => ReactNode;
};

/** Rows as a table, cards on a phone; a quiet box saying so when there are none. */
export function ListTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowAlert,
  rowClassName,
  empty,
}: {
  /** Names the table for screen readers: "Leads, newest first". */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** A row that needs attention: tinted and barred in red (say why in its words too). */
  rowAlert?: (row: T) => boolean;
  rowClassName?: (row: T) => string | undefined;
  empty: { title: string; body?: ReactNode };
}) {
  if (rows.length === 0) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return (
    <DataTable caption={caption}>
      <THead>
        {columns.map((column) => (
          <TH key={column.header} className={column.headerClassName}>
            {column.header}
          </TH>
        ))}
      </THead>
      <TBody>
        {rows.map((row) => (
          <TR key={rowKey(row)} alert={rowAlert?.(row)} className={rowClassName?.(row)}>
            {columns.map((column) => (
              <TD
                key={column.header}
                main={column.main}
                inline={column.inline}
                label={column.main ? undefined : (column.label ?? column.header)}
                hideOnPhone={column.hideOnPhone?.(row)}
                className={
                  typeof column.className === "function" ? column.className(row) : column.className
                }
              >
                {column.cell(row)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}
