import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface PageHeroProps {
  /** Small label above the heading. */
  eyebrow?: string;
  /** The page's one H1. */
  title: ReactNode;
  lead?: ReactNode;
  /** Calls to action under the lead. */
  children?: ReactNode;
  className?: string;
}

/** The dark, gold-lit opening block of an inner page. */
export function PageHero({ eyebrow, title, lead, children, className }: PageHeroProps) {
  return (
    <section className={cn("theme-dark relative isolate overflow-hidden", className)}>
      <HeroBackdrop />
      <div className="container-page relative py-20 text-center sm:py-28">
        {eyebrow && <Eyebrow className="animate-fade-up">{eyebrow}</Eyebrow>}
        <h1 className="animate-rise mx-auto mt-6 max-w-4xl text-4xl leading-[1.08] font-semibold tracking-tight text-ink-50 [animation-delay:60ms] sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {lead && (
          <p className="animate-rise mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-ink-300 [animation-delay:120ms]">
            {lead}
          </p>
        )}
        {children && (
          <div className="animate-fade-up mt-10 flex flex-col justify-center gap-3 [animation-delay:180ms] sm:flex-row">
            {children}
          </div>
        )}
      </div>
    </section>
  );
}

/** Gold grid and glow behind a dark hero; purely decorative. */
export function HeroBackdrop() {
  return (
    <div className="pointer-events-none absolute inset-0 -z-10" aria-hidden="true">
      <div className="bg-grid absolute inset-0" />
      <div className="absolute -top-40 left-1/2 h-[28rem] w-[60rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(212_175_55/0.22),transparent)]" />
      <div className="absolute inset-x-0 bottom-0 h-px bg-gradient-to-r from-transparent via-gold-500/40 to-transparent" />
    </div>
  );
}

/** A small pill label in gold. */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 rounded-full border border-gold-500/30 bg-gold-500/10 px-4 py-1.5 text-xs font-semibold tracking-[0.16em] text-accent uppercase",
        className,
      )}
    >
      <span className="size-1.5 rounded-full bg-gold-500" aria-hidden="true" />
      {children}
    </p>
  );
}
