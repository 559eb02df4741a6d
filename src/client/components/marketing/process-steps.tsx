import type { ProcessStep } from "@content/site";
import { cn } from "@/lib/utils";

interface ProcessStepsProps {
  labelledBy: string;
  steps: ProcessStep[];
  className?: string;
}

/** Numbered steps in order, joined by a gold line on wide screens. */
export function ProcessSteps({ labelledBy, steps, className }: ProcessStepsProps) {
  return (
    <ol
      aria-labelledby={labelledBy}
      className={cn(
        "mt-14 grid gap-10 sm:gap-8",
        steps.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3",
        className,
      )}
    >
      {steps.map((step, index) => (
        <li key={step.title} className="relative">
          {index < steps.length - 1 && (
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-8 left-20 hidden h-px w-[calc(100%-4.5rem)] bg-gradient-to-r from-gold-500/70 to-gold-500/10",
                steps.length === 4 ? "lg:block" : "md:block",
              )}
            />
          )}
          <span
            aria-hidden="true"
            className="relative inline-flex size-16 items-center justify-center rounded-full border border-gold-500/50 bg-card font-display text-2xl font-semibold text-accent shadow-[0_0_0_6px_var(--background)]"
          >
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="mt-6 text-xl leading-snug font-semibold tracking-tight text-foreground">
            {step.title}
          </h3>
          <p className="mt-3 leading-relaxed text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
