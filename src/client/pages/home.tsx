import { Link } from "wouter";
import { ArrowRight, CalendarDays, Star } from "lucide-react";
import { brand, contact } from "@content/site";
import {
  homeCta,
  homeFeatures,
  homeFeaturesIntro,
  homeHero,
  homeProcess,
  homeProcessIntro,
  homeServicesIntro,
  homeServicesLinkLabel,
  homeStats,
  homeTestimonialsIntro,
  testimonials,
} from "@content/home";
import { services } from "@content/services";
import { CtaSection } from "@/components/cta-section";
import { FeatureList } from "@/components/marketing/feature-card";
import { ProcessSteps } from "@/components/marketing/process-steps";
import { HeadlineText, Section, SectionHeading } from "@/components/marketing/section";
import { ServiceSummaryCard } from "@/components/marketing/service-card";
import { TestimonialCard } from "@/components/marketing/testimonial-card";
import { Eyebrow, HeroBackdrop } from "@/components/page-hero";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** A decorative site preview: what a finished client site and its numbers feel like. */
function HeroPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:max-w-none" aria-hidden="true">
      <div className="absolute -inset-6 rounded-[2rem] bg-[radial-gradient(closest-side,rgb(212_175_55/0.18),transparent)]" />
      <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-ink-900 shadow-[0_40px_80px_-30px_rgb(0_0_0/0.9)]">
        <div className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
          <span className="size-2.5 rounded-full bg-ink-600" />
          <span className="size-2.5 rounded-full bg-ink-600" />
          <span className="size-2.5 rounded-full bg-ink-600" />
          <span className="ml-3 h-5 flex-1 rounded-full bg-ink-800 px-3 text-[10px] leading-5 text-ink-400">
            {homeHero.preview.domain}
          </span>
        </div>
        <div className="space-y-5 p-6">
          <div className="flex items-center justify-between">
            <span className="h-3 w-20 rounded-full bg-gold-500/80" />
            <span className="flex gap-2">
              <span className="h-2 w-8 rounded-full bg-ink-700" />
              <span className="h-2 w-8 rounded-full bg-ink-700" />
              <span className="h-2 w-8 rounded-full bg-ink-700" />
            </span>
          </div>
          <div className="space-y-2.5 pt-2">
            <span className="block h-4 w-4/5 rounded-full bg-ink-100/90" />
            <span className="block h-4 w-3/5 rounded-full bg-ink-100/90" />
            <span className="block h-2 w-2/3 rounded-full bg-ink-700" />
          </div>
          <span className="inline-block h-7 w-28 rounded-full bg-gold-500" />
          <div className="grid grid-cols-3 gap-3 pt-2">
            {[0, 1, 2].map((i) => (
              <span key={i} className="h-16 rounded-xl border border-white/5 bg-ink-800" />
            ))}
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-4 rounded-2xl border border-gold-500/30 bg-ink-950/95 px-5 py-4 shadow-2xl backdrop-blur sm:-left-8">
        <p className="text-[11px] font-semibold tracking-widest text-ink-400 uppercase">
          {homeHero.preview.leadsLabel}
        </p>
        <p className="mt-1 flex items-end gap-2 font-display text-3xl font-semibold text-ink-50">
          {homeHero.preview.leadsValue}
          <svg viewBox="0 0 64 24" className="mb-1.5 h-5 w-14 text-gold-500" fill="none">
            <path
              d="M1 22 L14 16 L26 18 L38 9 L50 11 L63 2"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </p>
      </div>
      <div className="absolute -top-5 -right-3 rounded-2xl border border-white/10 bg-ink-900/95 px-4 py-3 shadow-2xl backdrop-blur sm:-right-6">
        <p className="flex items-center gap-2 text-sm font-medium text-ink-50">
          <span className="relative flex size-2.5">
            <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping" />
            <span className="relative inline-flex size-2.5 rounded-full bg-emerald-400" />
          </span>
          {homeHero.preview.uptime}
        </p>
      </div>
    </div>
  );
}

export function HomePage() {
  return (
    <>
      <Seo page="/" />
      <section className="theme-dark relative isolate overflow-hidden">
        <HeroBackdrop />
        <div className="container-page grid items-center gap-16 pt-16 pb-24 sm:pt-24 lg:grid-cols-[1.15fr_1fr] lg:gap-12 lg:pt-28 lg:pb-32">
          <div className="text-center lg:text-left">
            <Eyebrow className="animate-fade-up">
              {contact.office} · {homeHero.eyebrow}
            </Eyebrow>
            <h1 className="animate-rise mt-6 text-[2.6rem] leading-[1.04] font-semibold tracking-tight text-ink-50 [animation-delay:60ms] sm:text-6xl lg:text-[4.25rem]">
              <HeadlineText headline={homeHero.title} />
            </h1>
            <p className="animate-rise mx-auto mt-6 max-w-xl text-lg leading-relaxed text-ink-300 [animation-delay:120ms] lg:mx-0">
              {homeHero.lead}
            </p>
            <div className="animate-fade-up mt-10 flex flex-col justify-center gap-3 [animation-delay:180ms] sm:flex-row lg:justify-start">
              <Button asChild size="lg">
                <Link href="/apply">
                  {homeHero.primaryAction}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/contact">
                  <CalendarDays aria-hidden="true" />
                  {homeHero.secondaryAction}
                </Link>
              </Button>
            </div>
            <div className="animate-fade-up mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm text-ink-300 [animation-delay:240ms] lg:justify-start">
              <p className="flex items-center gap-2">
                <span className="flex gap-0.5 text-gold-500" aria-hidden="true">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} className="size-4 fill-current" />
                  ))}
                </span>
                <span>
                  <strong className="font-semibold text-ink-50">{homeHero.rating.value}</strong>{" "}
                  {homeHero.rating.text}
                </span>
              </p>
              <p className="flex items-center gap-2">
                <span className="size-1.5 rounded-full bg-gold-500" aria-hidden="true" />
                {homeHero.replyPromise}
              </p>
            </div>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section
        aria-labelledby="home-stats"
        className="relative border-b border-border bg-background"
      >
        <h2 id="home-stats" className="sr-only">
          {brand.name} at a glance
        </h2>
        <ul
          aria-labelledby="home-stats"
          className="container-page grid grid-cols-2 py-6 lg:grid-cols-4 lg:py-4"
        >
          {homeStats.map((stat, index) => (
            <li
              key={stat.label}
              className={cn(
                "flex flex-col items-center gap-1.5 border-border px-3 py-7 text-center",
                index % 2 === 1 && "border-l",
                index >= 2 && "border-t lg:border-t-0",
                index === 2 && "lg:border-l",
              )}
            >
              <span className="font-display text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
                {stat.value}
              </span>{" "}
              <span className="text-sm font-medium text-muted-foreground">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <Section headingId="home-features">
        <SectionHeading id="home-features" intro={homeFeaturesIntro} />
        <FeatureList labelledBy="home-features" items={homeFeatures} />
      </Section>

      <Section headingId="home-services" tone="dark">
        <SectionHeading id="home-services" intro={homeServicesIntro} />
        <ul
          aria-labelledby="home-services"
          className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
        >
          {services.map((service) => (
            <ServiceSummaryCard
              key={service.id}
              service={service}
              href="/services"
              linkLabel={homeServicesLinkLabel}
            />
          ))}
        </ul>
      </Section>

      <Section headingId="home-process" tone="sand">
        <SectionHeading id="home-process" intro={homeProcessIntro} />
        <ProcessSteps labelledBy="home-process" steps={homeProcess} />
      </Section>

      <Section headingId="home-testimonials" className="pb-0 sm:pb-0">
        <SectionHeading id="home-testimonials" intro={homeTestimonialsIntro} />
        <ul aria-labelledby="home-testimonials" className="mt-14 grid gap-5 md:grid-cols-2">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </ul>
      </Section>

      <CtaSection title={homeCta.title} text={homeCta.text} />
    </>
  );
}
