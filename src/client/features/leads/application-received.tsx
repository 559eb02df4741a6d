import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { CalendarClock, Check, RotateCcw } from "lucide-react";
import { applicationAside, applicationSuccess as copy } from "@content/contact-page";
import type { LeadReceipt } from "@shared/schemas/leads";
import { HeroBackdrop } from "@/components/page-hero";
import { Button } from "@/components/ui/button";

/**
 * What replaces the application page once an application is stored: "Application Received!", the
 * 24-hour promise and the reference number. The heading takes focus so it is read out.
 */
export function ApplicationReceived({
  receipt,
  onSubmitAnother,
}: {
  receipt: LeadReceipt;
  onSubmitAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: "instant" });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section className="theme-dark relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="container-page relative flex min-h-[calc(100dvh-var(--header-height))] items-center justify-center py-16 sm:py-24">
        <div className="w-full max-w-2xl text-center">
          <span className="animate-fade-up mx-auto inline-flex size-20 items-center justify-center rounded-full bg-gold-500 text-ink-950 shadow-[0_0_0_10px_rgb(212_175_55/0.12),0_20px_50px_-15px_rgb(212_175_55/0.7)]">
            <Check className="size-10" strokeWidth={2.5} aria-hidden="true" />
          </span>
          <h1
            ref={heading}
            tabIndex={-1}
            className="animate-fade-up mt-8 text-4xl leading-tight font-semibold tracking-tight text-ink-50 [animation-delay:60ms] sm:text-5xl"
          >
            {copy.title}
          </h1>
          <p className="animate-fade-up mx-auto mt-5 max-w-xl text-lg leading-relaxed text-ink-300 [animation-delay:120ms]">
            {copy.text}
          </p>

          <div className="animate-fade-up mx-auto mt-8 inline-flex flex-col items-center rounded-2xl border border-gold-500/30 bg-ink-900/80 px-8 py-5 [animation-delay:180ms]">
            <p className="text-xs font-semibold tracking-[0.16em] text-ink-400 uppercase">
              {copy.referenceLabel}
            </p>
            <p
              className="mt-1 font-sans text-3xl font-semibold tracking-[0.16em] text-gold-400 tabular-nums"
              data-testid="application-reference"
            >
              {receipt.reference}
            </p>
            <p className="mt-1 text-sm text-ink-400">{copy.referenceHint}</p>
          </div>

          <ol className="animate-fade-up mx-auto mt-10 grid max-w-xl grid-cols-3 gap-2 text-left [animation-delay:240ms] sm:gap-4">
            {applicationAside.steps.map((step, index) => (
              <li
                key={step.title}
                className="rounded-2xl border border-white/10 bg-ink-900/60 p-3 sm:p-4"
              >
                <span className="font-display text-sm font-semibold text-gold-400">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <span className="mt-1 block text-xs leading-snug font-semibold text-ink-50 sm:text-sm">
                  {step.title}
                </span>
              </li>
            ))}
          </ol>

          <div className="animate-fade-up mt-10 flex flex-col justify-center gap-3 [animation-delay:300ms] sm:flex-row">
            <Button asChild size="lg">
              <Link href="/book">
                <CalendarClock aria-hidden="true" />
                {copy.book}
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={onSubmitAnother}>
              <RotateCcw aria-hidden="true" />
              {copy.again}
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/">{copy.home}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
