import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { services, servicesPage } from "@content/services";
import { CtaSection } from "@/components/cta-section";
import { FeatureList } from "@/components/marketing/feature-card";
import { ProcessSteps } from "@/components/marketing/process-steps";
import { HeadlineText, Section, SectionHeading } from "@/components/marketing/section";
import { ServiceDetailCard } from "@/components/marketing/service-card";
import { PageHero } from "@/components/page-hero";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";

export function ServicesPage() {
  const page = servicesPage;
  return (
    <>
      <Seo page="/services" />
      <PageHero
        eyebrow={page.hero.eyebrow}
        title={<HeadlineText headline={page.hero.title} />}
        lead={page.hero.lead}
      >
        <Button asChild size="lg">
          <Link href="/apply">
            {page.heroActions.primary}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">{page.heroActions.secondary}</Link>
        </Button>
      </PageHero>

      <Section headingId="services-list">
        <SectionHeading id="services-list" intro={page.servicesIntro} />
        <ul aria-labelledby="services-list" className="mt-14 grid gap-6 lg:grid-cols-2">
          {services.map((service) => (
            <ServiceDetailCard
              key={service.id}
              service={service}
              featuresLabel={page.featuresLabel}
              priceLabel={page.priceLabel}
              quoteLabel={page.quoteLabel}
              quoteHref="/contact"
            />
          ))}
        </ul>
      </Section>

      <Section headingId="services-reasons" tone="sand">
        <SectionHeading id="services-reasons" intro={page.reasonsIntro} />
        <FeatureList labelledBy="services-reasons" items={page.reasons} />
      </Section>

      <Section headingId="services-process" tone="dark">
        <SectionHeading id="services-process" intro={page.processIntro} />
        <ProcessSteps labelledBy="services-process" steps={page.process} />
      </Section>

      <CtaSection title={page.cta.title} text={page.cta.text} />
    </>
  );
}
