import type { ReactNode } from "react";
import { AlertCircle, RefreshCw, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** A tab's heading row: title and a line under it, actions on the right (below on phones). */
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

/** Nothing to show yet: an icon, a friendly line, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
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

/** A read that failed: what could not load, and a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        We could not load {what}. Check your connection and try again.
      </p>
      <Button
        variant="destructive-outline"
        size="sm"
        onClick={onRetry}
        className="hover:bg-red-900/5"
      >
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
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
