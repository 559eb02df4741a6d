import { Link } from "wouter";
import { ArrowRight, Check } from "lucide-react";
import {
  customPricing,
  pricingCta,
  pricingFaq,
  pricingFaqIntro,
  pricingHero,
  pricingLabels,
  pricingPlans,
  pricingPlansIntro,
} from "@content/pricing";
import { CtaSection } from "@/components/cta-section";
import { Faq } from "@/components/marketing/faq";
import { PaymentPlan } from "@/components/marketing/payment-plan";
import { PlanCard } from "@/components/marketing/plan-card";
import { HeadlineText, Section, SectionHeading } from "@/components/marketing/section";
import { PageHero } from "@/components/page-hero";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";

export function PricingPage() {
  return (
    <>
      <Seo page="/pricing" />
      <PageHero
        eyebrow={pricingHero.eyebrow}
        title={<HeadlineText headline={pricingHero.title} />}
        lead={pricingHero.lead}
      >
        <Button asChild size="lg">
          <Link href="/apply">
            {pricingHero.action}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <Section headingId="pricing-plans">
        <SectionHeading id="pricing-plans" intro={pricingPlansIntro} />
        <ul aria-labelledby="pricing-plans" className="mt-16 grid gap-8 lg:grid-cols-2">
          {pricingPlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} labels={pricingLabels} actionHref="/apply" />
          ))}
        </ul>
      </Section>

      <Section headingId="pricing-custom" tone="sand">
        <div className="grid gap-14 lg:grid-cols-2 lg:gap-20">
          <div>
            <SectionHeading
              id="pricing-custom"
              align="left"
              intro={{ eyebrow: customPricing.eyebrow, title: customPricing.title }}
            />
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-muted-foreground">
              {customPricing.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <ul className="mt-8 space-y-3">
              {customPricing.promises.map((promise) => (
                <li key={promise} className="flex items-center gap-3 font-medium text-foreground">
                  <span
                    className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-ink-950 text-gold-400"
                    aria-hidden="true"
                  >
                    <Check className="size-3.5" strokeWidth={2.5} />
                  </span>
                  {promise}
                </li>
              ))}
            </ul>
          </div>
          <div className="self-center rounded-3xl border border-border bg-background p-6 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_60px_-36px_rgb(0_0_0/0.4)] sm:p-9">
            <h3
              id="pricing-payment"
              className="text-2xl leading-tight font-semibold tracking-tight text-foreground"
            >
              {customPricing.paymentTitle}
            </h3>
            <p className="mt-3 mb-7 text-muted-foreground">{customPricing.paymentText}</p>
            <PaymentPlan labelledBy="pricing-payment" stages={customPricing.payment} />
          </div>
        </div>
      </Section>

      <Section headingId="pricing-faq" className="pb-0 sm:pb-0">
        <SectionHeading id="pricing-faq" intro={pricingFaqIntro} />
        <Faq entries={pricingFaq} />
      </Section>

      <CtaSection title={pricingCta.title} text={pricingCta.text} />
    </>
  );
}
