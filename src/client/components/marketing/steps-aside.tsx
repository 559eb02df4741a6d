import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { GoldGlow } from "@/components/marketing/gold-glow";

/**
 * The dark card beside a lead form: what happens after sending, as numbered steps, then a
 * closing part of the page's own (a phone number to call, for instance).
 */
export function StepsAside({
  id,
  title,
  steps,
  className,
  children,
}: {
  /** The heading's id, which labels the aside. */
  id: string;
  title: string;
  steps: readonly { title: string; text: string }[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <aside
      aria-labelledby={id}
      className={cn(
        "theme-dark relative isolate overflow-hidden rounded-3xl border border-gold-500/25 p-6 shadow-2xl sm:p-8",
        className,
      )}
    >
      <GoldGlow from="top-right" />
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-ink-50">
        {title}
      </h2>
      <ol className="mt-6 flex flex-col gap-5">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-gold-500/50 font-display text-sm font-semibold text-gold-400"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold text-ink-50">{step.title}</span>
              <span className="mt-0.5 block text-sm leading-relaxed text-ink-300">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8 border-t border-white/10 pt-6">{children}</div>
    </aside>
  );
}
