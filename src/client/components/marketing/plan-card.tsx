import { Link } from "wouter";
import { ArrowRight, Check, Sparkles } from "lucide-react";
import type { PricingPlan } from "@content/pricing";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { IconTile } from "./content-icon";

interface PlanCardLabels {
  popular: string;
  priceRange: string;
  factors: string;
  examples: string;
  action: string;
}

interface PlanCardProps {
  plan: PricingPlan;
  labels: PlanCardLabels;
  actionHref: string;
}

/**
 * One plan: name, tagline, price range, description, pricing factors, three example projects and
 * the button that starts an application. The popular plan is drawn dark with a gold edge.
 */
export function PlanCard({ plan, labels, actionHref }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  const factorsId = `plan-${plan.id}-factors`;
  const examplesId = `plan-${plan.id}-examples`;
  const period = plan.period ?? "";
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-3xl p-6 sm:p-9",
        plan.popular
          ? "theme-dark shadow-[0_40px_80px_-40px_rgb(122_95_22/0.7)] ring-2 ring-gold-500"
          : "border border-border bg-card shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_60px_-36px_rgb(0_0_0/0.4)]",
      )}
    >
      {plan.popular && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-0 rounded-3xl bg-[radial-gradient(ellipse_at_top_right,rgb(212_175_55/0.2),transparent_55%)]"
        />
      )}
      <div className="relative flex flex-1 flex-col">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <IconTile name={plan.icon} size="lg" />
          {plan.popular && (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-gold-500 px-3.5 py-1.5 text-xs font-bold tracking-wider text-ink-950 uppercase shadow-[0_8px_24px_-10px_rgb(212_175_55/0.8)]">
              <Sparkles className="size-3.5" aria-hidden="true" />
              {labels.popular}
            </p>
          )}
        </div>
        <h3
          id={titleId}
          className="mt-6 text-2xl leading-tight font-semibold tracking-tight text-foreground sm:text-[1.75rem]"
        >
          {plan.name}
        </h3>
        <p className="mt-2 font-medium text-accent">{plan.tagline}</p>

        <p className="mt-6">
          <span className="block text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">
            {labels.priceRange}
          </span>
          <span className="mt-1 block font-display text-[1.6rem] leading-tight min-[400px]:text-[1.85rem] font-semibold tracking-tight text-foreground sm:text-4xl">
            {plan.priceRange}
            {period && (
              <span className="ml-0.5 font-sans text-base font-medium tracking-normal text-muted-foreground">
                {period}
              </span>
            )}
          </span>
        </p>
        <p className="mt-5 leading-relaxed text-muted-foreground">{plan.description}</p>

        <h4
          id={factorsId}
          className="mt-8 font-sans text-xs font-semibold tracking-[0.18em] text-accent uppercase"
        >
          {labels.factors}
        </h4>
        <ul
          aria-labelledby={`${factorsId} ${titleId}`}
          className="mt-4 grid gap-x-6 gap-y-2.5 sm:grid-cols-2"
        >
          {plan.factors.map((factor) => (
            <li key={factor} className="flex gap-2.5 text-sm leading-snug text-foreground">
              <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              {factor}
            </li>
          ))}
        </ul>

        <h4
          id={examplesId}
          className="mt-8 font-sans text-xs font-semibold tracking-[0.18em] text-accent uppercase"
        >
          {labels.examples}
        </h4>
        <ul
          aria-labelledby={`${examplesId} ${titleId}`}
          className="mt-4 mb-auto divide-y divide-border overflow-hidden rounded-2xl border border-border bg-muted/60"
        >
          {plan.examples.map((example) => (
            <li
              key={example.type}
              className="grid gap-1 px-4 py-3.5 sm:flex sm:items-center sm:justify-between sm:gap-4 sm:px-5"
            >
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-foreground">{example.type}</span>
                <span className="block text-xs text-muted-foreground">{example.pages}</span>
              </span>{" "}
              <span className="font-semibold whitespace-nowrap text-foreground tabular-nums">
                {example.price}
                {period && (
                  <span className="text-xs font-medium text-muted-foreground">{period}</span>
                )}
              </span>
            </li>
          ))}
        </ul>

        <Button
          asChild
          size="lg"
          variant={plan.popular ? "default" : "secondary"}
          className="mt-9 w-full"
        >
          <Link href={actionHref} aria-describedby={titleId}>
            {labels.action}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </li>
  );
}
