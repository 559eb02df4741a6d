import { useState } from "react";
import { CheckCircle2, Mail, Phone } from "lucide-react";
import { contact } from "@content/site";
import { applicationAside, applicationForm, applicationHero } from "@content/contact-page";
import type { LeadReceipt } from "@shared/schemas/leads";
import { StepsAside } from "@/components/marketing/steps-aside";
import { PageHero } from "@/components/page-hero";
import { Prerendered } from "@/components/prerendered";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApplicationForm } from "@/features/leads/application-form";
import { ApplicationReceived } from "@/features/leads/application-received";
import { withQueryClient } from "@/lib/query-client";

function ApplicationAside() {
  return (
    <StepsAside
      id="application-next"
      title={applicationAside.title}
      steps={applicationAside.steps}
      className="lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]"
    >
      <h3 className="text-lg font-semibold text-ink-50">{applicationAside.talkTitle}</h3>
      <p className="mt-1 text-sm leading-relaxed text-ink-300">{applicationAside.talkText}</p>
      <div className="mt-5 flex flex-col gap-3">
        <Button asChild>
          <a href={contact.phoneHref}>
            <Phone aria-hidden="true" />
            {contact.phone}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={contact.emailHref}>
            <Mail aria-hidden="true" />
            {contact.email}
          </a>
        </Button>
      </div>
    </StepsAside>
  );
}

function ApplicationPageContent() {
  const [receipt, setReceipt] = useState<LeadReceipt | null>(null);
  // After "Submit Another Request" the new, empty form takes focus.
  const [again, setAgain] = useState(false);

  if (receipt) {
    return (
      <>
        <Seo page="/apply" />
        <ApplicationReceived
          receipt={receipt}
          onSubmitAnother={() => {
            setAgain(true);
            setReceipt(null);
          }}
        />
      </>
    );
  }

  return (
    <>
      <Seo page="/apply" />
      <Prerendered name="apply-intro">
        <PageHero
          eyebrow={applicationHero.eyebrow}
          title={
            <>
              Start Your <span className="text-gold-foil italic">Project</span>
            </>
          }
          lead={applicationHero.lead}
        >
          <ul className="flex flex-col items-center justify-center gap-x-8 gap-y-3 text-sm text-ink-300 sm:flex-row">
            {applicationHero.promises.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-gold-500" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </PageHero>
      </Prerendered>

      <section aria-labelledby="application-form-title" className="bg-background py-16 sm:py-20">
        <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
          <Card className="p-6 sm:p-10" data-intent="">
            <h2
              id="application-form-title"
              className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl"
            >
              {applicationForm.title}
            </h2>
            <p className="mt-3 max-w-xl text-muted-foreground">{applicationForm.intro}</p>
            <p className="mt-2 mb-8 text-sm text-muted-foreground">
              {applicationForm.requiredNote}
            </p>
            <ApplicationForm
              headingId="application-form-title"
              autoFocus={again}
              onSubmitted={(stored) => setReceipt(stored)}
            />
          </Card>
          <Prerendered name="apply-next">
            <ApplicationAside />
          </Prerendered>
        </div>
      </section>
    </>
  );
}

export const ApplyPage = withQueryClient(ApplicationPageContent);
