import { useEffect, type ComponentProps, type ReactNode } from "react";
import { Link } from "wouter";
import {
  AlertCircle,
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Inbox,
  RefreshCw,
  type LucideIcon,
} from "lucide-react";
import { SignedOutNotice, StaffOnlyNotice } from "@/components/access-notices";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";

/*
 * The parts the portal and the back office build their views from: headings, loading, empty
 * and failed states, panels, tables, pages and pills.
 */

/** The tab's title: "<view> · Back office · Harborline". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Back office · Harborline`;
  }, [title]);
}

/** The way back from a detail view to its list. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A back-office view's heading: the page's one H1, a line under it, its actions on the right. */
export function ViewHeader({
  title,
  description,
  actions,
  back,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6">
      {back && <div className="mb-2">{back}</div>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground sm:text-3xl">
            {title}
          </h1>
          {description && <div className="mt-1.5 text-sm text-muted-foreground">{description}</div>}
          {children}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** A portal tab's heading row: title, a line under it, actions on the right (below on phones). */
export function SectionHeader({
  title,
  description,
  actions,
  titleId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  titleId?: string;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2
          id={titleId}
          tabIndex={titleId ? -1 : undefined}
          className="text-2xl font-semibold tracking-tight text-foreground"
        >
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/*
 * The loading states carry data-loading: while one is shown, what waits for idle (toasts,
 * tooltips, prefetched tabs) waits for the page (lib/use-idle).
 */

/** A back-office list or record on its way: a spinner and what is loading. */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      data-loading=""
      className="flex min-h-40 items-center justify-center rounded-2xl border border-dashed border-border bg-card/60 p-8"
    >
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <RefreshCw className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {label}
      </p>
    </div>
  );
}

/** Grey blocks in the shape of what is loading; announced once as "Loading ...". */
export function LoadingCards({
  label,
  count = 2,
  columns = 2,
  className,
}: {
  label: string;
  count?: number;
  /** Cards per row from the md breakpoint. */
  columns?: 1 | 2;
  className?: string;
}) {
  return (
    <div
      data-loading=""
      className={cn("grid gap-5", columns === 1 ? "md:grid-cols-1" : "md:grid-cols-2", className)}
    >
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-56 animate-pulse rounded-2xl border border-border bg-card motion-reduce:animate-none"
        >
          <div className="m-6 h-5 w-1/2 rounded-full bg-muted" />
          <div className="mx-6 h-4 w-1/3 rounded-full bg-muted" />
          <div className="m-6 h-16 rounded-xl bg-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * Nothing to show. With an icon (the portal): the icon on a dark tile, the title as a heading,
 * a friendly line and what to do next. Without (the back office's lists): a quiet box.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  if (!Icon) {
    return (
      <div className="flex flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-border bg-card/60 px-6 py-12 text-center">
        <Inbox className="size-8 text-ink-400" aria-hidden="true" />
        <p className="font-medium text-foreground">{title}</p>
        {children && <div className="max-w-md text-sm text-muted-foreground">{children}</div>}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-foreground/20 bg-card/70 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-ink-950 text-gold-400 shadow-lg">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-5 text-xl font-semibold tracking-tight text-foreground">{title}</h3>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">{children}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** A failed read, said in a red box, with a retry when there is one. */
function ReadFailed({
  children,
  onRetry,
  retryClassName,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retryClassName: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {children}
      </p>
      {onRetry && (
        <Button
          variant="destructive-outline"
          size="sm"
          onClick={onRetry}
          className={retryClassName}
        >
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}

/** A portal read that failed: what could not load, and a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <ReadFailed onRetry={onRetry} retryClassName="hover:bg-red-900/5">
      We could not load {what}. Check your connection and try again.
    </ReadFailed>
  );
}

/**
 * A back-office read that failed: the sign-in and staff-only notices for 401 and 403, "not
 * found" for 404 and 400, else the reason and a retry.
 */
export function QueryError({
  error,
  onRetry,
  notFound = "This item does not exist, or it was deleted.",
}: {
  error: unknown;
  onRetry?: () => void;
  notFound?: string;
}) {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401) return <SignedOutNotice inline />;
  if (status === 403) return <StaffOnlyNotice inline />;
  const missing = status === 404 || status === 400;
  return (
    <ReadFailed onRetry={missing ? undefined : onRetry} retryClassName="hover:bg-foreground/5">
      <span>{missing ? notFound : errorMessage(error)}</span>
    </ReadFailed>
  );
}

/**
 * A detail view before its record is there: its header, then the loading state or why the read
 * failed (with a retry).
 */
export function DetailPending({
  title,
  back,
  error,
  onRetry,
  loading,
  notFound,
}: {
  title: string;
  back: ReactNode;
  /** The read's error; none while it is loading. */
  error: unknown;
  onRetry: () => void;
  loading: string;
  notFound: string;
}) {
  return (
    <>
      <ViewHeader title={title} back={back} />
      {error ? (
        <QueryError error={error} onRetry={onRetry} notFound={notFound} />
      ) : (
        <LoadingState label={loading} />
      )}
    </>
  );
}

/** A white panel with an H2, used for the sections of a detail view. */
export function Panel({
  title,
  description,
  actions,
  className,
  children,
  headingId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  headingId?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "min-w-0 rounded-2xl border border-border bg-card shadow-[0_1px_2px_rgb(0_0_0/0.04)]",
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <h2 id={headingId} className="font-sans text-base font-semibold text-foreground">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="p-5">{children}</div>
    </section>
  );
}

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

export type Tone = "green" | "blue" | "amber" | "red" | "gold" | "neutral" | "violet";

const tones: Record<Tone, { pill: string; dot: string }> = {
  green: { pill: "border-emerald-200 bg-emerald-50 text-emerald-800", dot: "bg-emerald-500" },
  blue: { pill: "border-sky-200 bg-sky-50 text-sky-800", dot: "bg-sky-500" },
  amber: { pill: "border-amber-300 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  red: { pill: "border-red-200 bg-red-50 text-red-800", dot: "bg-red-500" },
  gold: { pill: "border-gold-500/40 bg-gold-500/10 text-gold-800", dot: "bg-gold-500" },
  violet: { pill: "border-violet-200 bg-violet-50 text-violet-800", dot: "bg-violet-500" },
  neutral: { pill: "border-foreground/15 bg-muted text-foreground", dot: "bg-ink-400" },
};

/** A small rounded label; `dot` adds a coloured dot before the text. */
export function Pill({
  tone,
  dot = false,
  icon: Icon,
  className,
  children,
}: {
  tone: Tone;
  dot?: boolean;
  icon?: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[tone].pill,
        className,
      )}
    >
      {dot && <span className={cn("size-1.5 rounded-full", tones[tone].dot)} aria-hidden="true" />}
      {Icon && <Icon className="size-3.5" aria-hidden="true" />}
      {children}
    </span>
  );
}

/**
 * "Page 2 of 5" with Previous and Next, for a list served one page at a time; nothing when the
 * whole list fits on one page.
 */
export function Pager({
  label,
  page,
  total,
  pageSize,
  onPage,
}: {
  /** Names the navigation for screen readers, e.g. "Pages of leads". */
  label: string;
  page: number;
  total: number;
  pageSize: number;
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
