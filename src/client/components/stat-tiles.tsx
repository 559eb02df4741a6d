import type { LucideIcon } from "lucide-react";

/* Figure tiles: the dashboard's stat cards, a site's figures, a care report's headline. */

export interface Stat {
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
}

/** A row of figure tiles: two across on a phone, four (or `wide`: two) on a wide screen. */
export function StatTiles({
  items,
  busy,
  wide = false,
}: {
  items: Stat[];
  busy?: boolean;
  wide?: boolean;
}) {
  return (
    <dl
      className={`grid grid-cols-2 gap-3 sm:gap-5 ${wide ? "" : "lg:grid-cols-4"}`}
      aria-busy={busy || undefined}
    >
      {items.map(({ icon: Icon, label, value, note }) => (
        <div
          key={label}
          className="flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_18px_40px_-24px_rgb(0_0_0/0.35)] sm:p-6"
        >
          <dt className="flex items-start justify-between gap-3 text-sm font-medium text-muted-foreground">
            {label}
            <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400 sm:inline-flex">
              <Icon className="size-5" aria-hidden="true" />
            </span>
          </dt>
          <dd className="mt-2 font-display text-2xl font-semibold tracking-tight text-foreground tabular-nums sm:text-3xl">
            {value}
          </dd>
          {note && <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}
