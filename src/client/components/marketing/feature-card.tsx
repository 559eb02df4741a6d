import type { ContentCard } from "@content/site";
import { cn } from "@/lib/utils";
import { IconTile } from "./content-icon";

type FeatureLayout = "stacked" | "inline";

interface FeatureListProps {
  /** Id of the heading that names the list. */
  labelledBy: string;
  items: ContentCard[];
  /** Icon above the text (default), or beside it for wider cards. */
  layout?: FeatureLayout;
  /** Cards per row on wide screens. */
  columns?: 2 | 3 | 4;
  className?: string;
}

const wideColumns = {
  2: "lg:grid-cols-2",
  3: "lg:grid-cols-3",
  4: "lg:grid-cols-4",
} as const;

/** A grid of icon cards (features, values, reasons) as one named list. */
export function FeatureList({
  labelledBy,
  items,
  layout = "stacked",
  columns = 3,
  className,
}: FeatureListProps) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className={cn("mt-14 grid gap-5 sm:grid-cols-2", wideColumns[columns], className)}
    >
      {items.map((item) => (
        <FeatureCard key={item.title} item={item} layout={layout} />
      ))}
    </ul>
  );
}

/** One icon card: tile, H3 and a short paragraph. */
function FeatureCard({ item, layout = "stacked" }: { item: ContentCard; layout?: FeatureLayout }) {
  const inline = layout === "inline";
  return (
    <li
      className={cn(
        "group relative overflow-hidden rounded-2xl border border-border bg-card p-7 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_16px_40px_-28px_rgb(0_0_0/0.35)] transition-[border-color,transform,box-shadow] duration-300 hover:-translate-y-0.5 hover:border-gold-500/50 hover:shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_48px_-28px_rgb(122_95_22/0.45)]",
        // On phones the icon sits beside the title, to keep the cards short.
        "grid grid-cols-[auto_1fr] items-center gap-x-4",
        inline ? "sm:gap-x-6 sm:p-8" : "sm:block",
      )}
    >
      <span
        className="pointer-events-none absolute inset-x-7 top-0 h-px bg-gradient-to-r from-transparent via-gold-500/70 to-transparent opacity-0 transition-opacity duration-300 group-hover:opacity-100"
        aria-hidden="true"
      />
      <IconTile name={item.icon} className={cn(inline && "sm:row-span-2 sm:self-start")} />
      <h3
        className={cn(
          "text-xl leading-snug font-semibold tracking-tight text-foreground",
          inline ? "sm:self-start" : "sm:mt-6",
        )}
      >
        {item.title}
      </h3>
      <p
        className={cn(
          "col-span-2 mt-4 leading-relaxed text-muted-foreground",
          inline ? "sm:col-span-1 sm:col-start-2 sm:mt-2" : "sm:mt-3",
        )}
      >
        {item.text}
      </p>
    </li>
  );
}
