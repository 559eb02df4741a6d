import { Plus } from "lucide-react";
import type { FaqEntry } from "@content/pricing";

/** Questions that open to show their answers; native disclosures, so they work before hydration. */
export function Faq({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="mx-auto mt-12 max-w-3xl divide-y divide-border overflow-hidden rounded-3xl border border-border bg-card shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_60px_-40px_rgb(0_0_0/0.4)]">
      {entries.map((entry) => (
        <details key={entry.question} className="group">
          <summary className="flex min-h-16 cursor-pointer list-none items-center justify-between gap-6 px-6 py-5 text-left font-display text-lg leading-snug font-semibold text-foreground transition-colors hover:bg-muted/60 focus-visible:-outline-offset-3 sm:px-8 [&::-webkit-details-marker]:hidden">
            {entry.question}
            <span
              aria-hidden="true"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-gold-500/50 text-accent transition-[transform,background-color,color] duration-300 group-open:rotate-45 group-open:bg-gold-500 group-open:text-ink-950"
            >
              <Plus className="size-4" strokeWidth={2.25} />
            </span>
          </summary>
          <div className="px-6 pb-6 sm:px-8">
            <p className="max-w-2xl leading-relaxed text-muted-foreground">{entry.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
