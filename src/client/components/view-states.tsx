import type { ReactNode } from "react";
import { AlertCircle, Inbox, RefreshCw, type LucideIcon } from "lucide-react";
import { SignedOutNotice, StaffOnlyNotice } from "@/components/access-notices";
import { Button } from "@/components/ui/button";
import { ViewHeader } from "@/components/view-header";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";

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
