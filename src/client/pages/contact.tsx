import { Link } from "wouter";
import { ArrowRight, CheckCircle2, Phone } from "lucide-react";
import { contact } from "@content/site";
import {
  contactAside,
  contactForm,
  contactHero,
  contactInfoCards,
  shareSection,
  supportSection,
} from "@content/contact-page";
import { StepsAside } from "@/components/marketing/steps-aside";
import { Eyebrow, PageHero } from "@/components/page-hero";
import { Prerendered } from "@/components/prerendered";
import { QrCard } from "@/components/qr-card";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { contactIcons } from "@/components/marketing/contact-icons";
import { SupportCards } from "@/components/marketing/support-options";
import { ContactForm } from "@/features/leads/contact-form";
import { withQueryClient } from "@/lib/query-client";

function InfoCards() {
  return (
    <section aria-labelledby="contact-info" className="relative z-10 -mt-10 sm:-mt-14">
      <div className="container-page">
        <h2 id="contact-info" className="sr-only">
          Contact information
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-5">
          {contactInfoCards.map(({ icon, title, value, href, note }) => {
            const Icon = contactIcons[icon];
            return (
              <li key={title}>
                <Card className="flex h-full items-start gap-4 p-5 transition-shadow hover:shadow-[0_1px_2px_rgb(0_0_0/0.04),0_20px_40px_-20px_rgb(0_0_0/0.35)] sm:block sm:p-6">
                  <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-500 ring-1 ring-gold-500/30">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 sm:mt-5">
                    <h3 className="font-sans text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
                      {title}
                    </h3>
                    {href ? (
                      <a
                        href={href}
                        className="mt-1.5 inline-block rounded text-lg font-semibold break-all text-foreground underline-offset-4 hover:text-accent hover:underline"
                      >
                        {value}
                      </a>
                    ) : (
                      <p className="mt-1.5 text-lg font-semibold text-foreground">{value}</p>
                    )}
                    <p className="mt-1 text-sm text-muted-foreground">{note}</p>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function NextSteps() {
  return (
    <StepsAside id="contact-next" title={contactAside.title} steps={contactAside.steps}>
      <p className="font-semibold text-ink-50">{contactAside.urgentTitle}</p>
      <p className="mt-1 text-sm leading-relaxed text-ink-300">{contactAside.urgentText}</p>
      <Button asChild className="mt-5 w-full">
        <a href={contact.phoneHref}>
          <Phone aria-hidden="true" />
          Call {contact.phone}
        </a>
      </Button>
    </StepsAside>
  );
}

function ContactPageContent() {
  return (
    <>
      <Seo page="/contact" />
      {/* The hero and the contact cards: text and plain links. */}
      <Prerendered name="contact-intro">
        <PageHero
          eyebrow={contactHero.eyebrow}
          title={
            <>
              {contactHero.titleStart}{" "}
              <span className="text-gold-foil italic">{contactHero.titleHighlight}</span>
            </>
          }
          lead={contactHero.lead}
        >
          <Button asChild size="lg">
            <a href={contact.phoneHref}>
              <Phone aria-hidden="true" />
              {contactHero.callLabel}
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/book">{contactHero.bookLabel}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/apply">
              {contactHero.quoteLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </PageHero>

        <InfoCards />
      </Prerendered>

      <section aria-labelledby="contact-form-title" className="bg-background py-16 sm:py-20">
        <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
          <Card className="p-6 sm:p-10" data-intent="">
            <h2
              id="contact-form-title"
              className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl"
            >
              {contactForm.title}
            </h2>
            <p className="mt-3 mb-8 max-w-xl text-muted-foreground">{contactForm.intro}</p>
            <ContactForm headingId="contact-form-title" />
          </Card>
          <Prerendered name="contact-next">
            <NextSteps />
          </Prerendered>
        </div>
      </section>

      <section
        aria-labelledby="contact-support"
        className="border-y border-border bg-sand py-16 sm:py-24"
      >
        <div className="container-page">
          <Prerendered name="contact-support-intro">
            <div className="mx-auto mb-12 max-w-2xl text-center">
              <Eyebrow>{supportSection.eyebrow}</Eyebrow>
              <h2
                id="contact-support"
                className="mt-5 text-3xl font-semibold tracking-tight text-foreground sm:text-4xl"
              >
                {supportSection.title}
              </h2>
              <p className="mt-4 text-muted-foreground">{supportSection.lead}</p>
            </div>
          </Prerendered>
          <SupportCards />
        </div>
      </section>

      <section aria-labelledby="contact-share" className="bg-background py-16 sm:py-24">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-20">
          <Prerendered name="contact-share-intro">
            <div className="text-center lg:text-left">
              <Eyebrow>{shareSection.eyebrow}</Eyebrow>
              <h2
                id="contact-share"
                className="mt-5 text-3xl font-semibold tracking-tight text-foreground sm:text-5xl"
              >
                {shareSection.title}
              </h2>
              <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground lg:mx-0">
                {shareSection.lead}
              </p>
              <ul className="mx-auto mt-8 flex max-w-md flex-col gap-3 text-left lg:mx-0">
                {shareSection.uses.map((use) => (
                  <li key={use} className="flex items-center gap-3 text-foreground">
                    <CheckCircle2 className="size-5 shrink-0 text-accent" aria-hidden="true" />
                    {use}
                  </li>
                ))}
              </ul>
            </div>
          </Prerendered>
          <QrCard className="mx-auto w-full max-w-md" />
        </div>
      </section>
    </>
  );
}

export const ContactPage = withQueryClient(ContactPageContent);
