import { Link } from "wouter";
import { ArrowRight, Check } from "lucide-react";
import type { Service } from "@content/services";
import { Button } from "@/components/ui/button";
import { IconTile } from "./content-icon";

/**
 * A short service card for the home page. The title is the link; it stretches over the whole card
 * so the card is one large target, and the card shows the focus ring.
 */
export function ServiceSummaryCard({
  service,
  href,
  linkLabel,
}: {
  service: Service;
  href: string;
  linkLabel: string;
}) {
  return (
    <li className="group relative flex flex-col rounded-2xl border border-border bg-card p-7 transition-[border-color,transform,background-color] duration-300 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-ring hover:-translate-y-1 hover:border-gold-500/60 hover:bg-ink-850">
      <div className="flex items-start justify-between gap-4">
        <IconTile name={service.icon} />
        <p className="rounded-full border border-gold-500/30 bg-gold-500/10 px-3 py-1 text-xs font-semibold whitespace-nowrap text-accent">
          {service.price}
        </p>
      </div>
      <h3 className="mt-7 text-xl leading-snug font-semibold tracking-tight text-foreground">
        <Link
          href={href}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {service.name}
        </Link>
      </h3>
      <p className="mt-3 flex-1 leading-relaxed text-muted-foreground">{service.summary}</p>
      <p
        className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-accent"
        aria-hidden="true"
      >
        {linkLabel}
        <ArrowRight className="size-4 transition-transform duration-300 group-hover:translate-x-1" />
      </p>
    </li>
  );
}

interface ServiceDetailCardProps {
  service: Service;
  featuresLabel: string;
  priceLabel: string;
  quoteLabel: string;
  quoteHref: string;
}

/** A full service card for the Services page: pitch, what is included, price and a quote button. */
export function ServiceDetailCard({
  service,
  featuresLabel,
  priceLabel,
  quoteLabel,
  quoteHref,
}: ServiceDetailCardProps) {
  const titleId = `${service.id}-title`;
  const featuresId = `${service.id}-features`;
  return (
    <li
      id={service.id}
      className="relative flex flex-col overflow-hidden rounded-3xl border border-border bg-card p-6 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_60px_-36px_rgb(0_0_0/0.4)] sm:p-9"
    >
      <span
        className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-gold-600 via-gold-400 to-gold-600"
        aria-hidden="true"
      />
      <div className="flex items-center gap-4">
        <IconTile name={service.icon} size="lg" />
        <h3
          id={titleId}
          className="text-2xl leading-tight font-semibold tracking-tight text-foreground sm:text-[1.75rem]"
        >
          {service.name}
        </h3>
      </div>
      <p className="mt-6 leading-relaxed text-muted-foreground">{service.description}</p>
      <h4
        id={featuresId}
        className="mt-8 font-sans text-xs font-semibold tracking-[0.18em] text-accent uppercase"
      >
        {featuresLabel}
      </h4>
      <ul
        aria-labelledby={`${featuresId} ${titleId}`}
        className="mt-4 grid flex-1 content-start gap-3 sm:grid-cols-2"
      >
        {service.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-[0.95rem] leading-snug text-foreground">
            <span
              className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-gold-500/15 text-accent"
              aria-hidden="true"
            >
              <Check className="size-3.5" strokeWidth={2.5} />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap items-end justify-between gap-5 border-t border-border pt-6">
        <p className="w-full sm:w-auto">
          <span className="block text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">
            {priceLabel}
          </span>
          <span className="mt-1 block font-display text-2xl font-semibold tracking-tight text-foreground">
            {service.price}
          </span>
        </p>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link href={quoteHref} aria-describedby={titleId}>
            {quoteLabel}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </li>
  );
}
