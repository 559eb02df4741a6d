import type { Milestone } from "@content/about";

/** Years and what happened, down a gold line. */
export function Timeline({
  labelledBy,
  milestones,
}: {
  labelledBy: string;
  milestones: Milestone[];
}) {
  return (
    <ol aria-labelledby={labelledBy} className="relative">
      {milestones.map((milestone, index) => (
        <li
          key={milestone.year}
          className="relative grid grid-cols-[2rem_1fr] gap-x-5 pb-10 last:pb-0 sm:grid-cols-[2.5rem_1fr]"
        >
          {index < milestones.length - 1 && (
            <span
              aria-hidden="true"
              className="absolute top-8 bottom-0 left-4 w-px -translate-x-1/2 bg-gradient-to-b from-gold-500/70 to-gold-500/20 sm:left-5"
            />
          )}
          <span
            aria-hidden="true"
            className="relative mt-1 inline-flex size-8 items-center justify-center rounded-full border border-gold-500/60 bg-background sm:size-10"
          >
            <span className="size-2.5 rounded-full bg-gold-500 sm:size-3" />
          </span>
          <div className="rounded-2xl border border-border bg-card p-5 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_12px_32px_-24px_rgb(0_0_0/0.3)] sm:p-6">
            <p className="font-display text-2xl leading-none font-semibold tracking-tight text-accent sm:text-3xl">
              <time dateTime={milestone.year}>{milestone.year}</time>
            </p>
            <p className="mt-3 leading-relaxed text-foreground">{milestone.event}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
