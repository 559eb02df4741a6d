import type { ComponentProps, ReactNode } from "react";
import { Link } from "wouter";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatCount } from "@shared/format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/*
 * Tables that read as tables from 768 px and as a stack of cards below: each cell then shows its
 * column name (data-label) before its value. The table scrolls inside its own box if it must.
 */

export function DataTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "lg:overflow-x-auto lg:rounded-2xl lg:border lg:border-border lg:bg-card lg:shadow-[0_1px_2px_rgb(0_0_0/0.04)]",
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-border bg-sand/60 max-lg:hidden">
      <tr>{children}</tr>
    </thead>
  );
}

export function TH({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="max-lg:grid max-lg:gap-3 md:max-lg:grid-cols-2">{children}</tbody>;
}

/**
 * A row; on phones, a card. `alert` marks a row that needs attention (a late ticket, say): tinted
 * and barred in red. Colour alone says nothing to some readers: say it in the row's words too.
 */
export function TR({
  className,
  alert = false,
  ...props
}: ComponentProps<"tr"> & { alert?: boolean }) {
  return (
    <tr
      data-alert={alert || undefined}
      className={cn(
        "relative align-top transition-colors lg:border-b lg:border-border lg:last:border-b-0",
        "max-lg:flex max-lg:flex-wrap max-lg:content-start max-lg:items-center max-lg:gap-x-2 max-lg:gap-y-2 max-lg:rounded-2xl max-lg:border max-lg:p-4",
        alert
          ? "bg-red-50 shadow-[inset_4px_0_0_var(--color-red-700)] max-lg:border-red-300 lg:hover:bg-red-100/70"
          : "max-lg:border-border max-lg:bg-card max-lg:shadow-[0_1px_2px_rgb(0_0_0/0.04)] lg:hover:bg-gold-50/60",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A cell. On phones the row is a card: the main cell takes the first line, a labelled cell shows
 * "label  value" on a line of its own, and an inline cell (a badge, say) sits beside its
 * neighbours without a label. `hideOnPhone` leaves the cell out of the card (an empty value, say).
 */
export function TD({
  label,
  main = false,
  inline = false,
  hideOnPhone = false,
  className,
  ...props
}: ComponentProps<"td"> & {
  label?: string;
  main?: boolean;
  inline?: boolean;
  hideOnPhone?: boolean;
}) {
  const labelled = !main && !inline && label;
  return (
    <td
      data-label={label}
      className={cn(
        "px-4 py-3 lg:align-top",
        "max-lg:p-0",
        main && "max-lg:w-full",
        inline && "max-lg:max-w-full",
        labelled &&
          "max-lg:w-full max-lg:items-start max-lg:justify-between max-lg:gap-4 max-lg:text-right max-lg:before:shrink-0 max-lg:before:text-left max-lg:before:text-muted-foreground max-lg:before:content-[attr(data-label)]",
        hideOnPhone ? "max-lg:hidden" : inline ? "max-lg:inline-flex" : labelled && "max-lg:flex",
        className,
      )}
      {...props}
    />
  );
}

/** The link in a row's main cell; it covers the whole row, so the row is one big target. */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="rounded-sm font-semibold text-foreground underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-ring lg:focus-visible:after:rounded-none"
    >
      {children}
    </Link>
  );
}

/**
 * What a list served a page at a time holds, said above it: "Showing 26–50 of 120 leads" when it
 * spans pages, else "3 leads", or "No leads".
 */
export function pageSummary(
  list: { page: number; pageSize: number; total: number; shown: number },
  one: string,
  many: string,
): string {
  if (list.total === 0) return `No ${many}`;
  if (list.total <= list.pageSize) return formatCount(list.total, one, many);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, first + list.shown - 1);
  return `Showing ${first}–${last} of ${formatCount(list.total, one, many)}`;
}

/**
 * "Page 2 of 5" with Previous and Next, for a list served one page at a time; nothing when the
 * whole list fits on one page.
 */
export function Pager({
  label,
  list: { page, total, pageSize },
  onPage,
}: {
  /** Names the navigation for screen readers, e.g. "Pages of leads". */
  label: string;
  /** The page shown, of how many items in all, so many a page: what a paged list answers. */
  list: { page: number; total: number; pageSize: number };
  onPage: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav aria-label={label} className="mt-5 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
