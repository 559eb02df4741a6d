import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { GoldGlow } from "@/components/marketing/gold-glow";

interface CtaSectionProps {
  title?: ReactNode;
  text?: ReactNode;
}

/** Closing call to action: a dark card on a light section. */
export function CtaSection({
  title = "Ready to grow your business online?",
  text = "Book a free consultation. We reply to every message and application within 24 hours.",
}: CtaSectionProps) {
  return (
    <section className="bg-background py-20 sm:py-24">
      <div className="container-page">
        <div className="theme-dark relative isolate overflow-hidden rounded-3xl px-6 py-14 text-center shadow-2xl sm:px-12 sm:py-16">
          <GoldGlow from="top" />
          <div
            className="pointer-events-none absolute inset-0 -z-10 rounded-3xl ring-1 ring-gold-500/30 ring-inset"
            aria-hidden="true"
          />
          <h2 className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-ink-50 sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-ink-300">{text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/apply">
                Get a Free Quote
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/contact">Schedule a Call</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
