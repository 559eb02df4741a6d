import { useState } from "react";
import { CheckCircle2, Mail, Phone } from "lucide-react";
import { contact } from "@content/site";
import { applyAside, applyForm, applyHero } from "@content/contact-page";
import { PageHero } from "@/components/page-hero";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApplyForm } from "@/features/apply-form/apply-form";
import type { ApplicationReceipt } from "@/features/apply-form/api";
import { ApplicationReceived } from "@/features/apply-form/application-received";
import { withQueryClient } from "@/lib/query-client";

function ApplyAside() {
  return (
    <aside
      aria-labelledby="apply-next"
      className="theme-dark relative isolate overflow-hidden rounded-3xl border border-gold-500/25 p-6 shadow-2xl sm:p-8 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]"
    >
      <div
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgb(212_175_55/0.18),transparent_60%)]"
        aria-hidden="true"
      />
      <h2 id="apply-next" className="text-2xl font-semibold tracking-tight text-ink-50">
        {applyAside.title}
      </h2>
      <ol className="mt-6 flex flex-col gap-5">
        {applyAside.steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-gold-500/50 font-display text-sm font-semibold text-gold-400"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold text-ink-50">{step.title}</span>
              <span className="mt-0.5 block text-sm leading-relaxed text-ink-300">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8 border-t border-white/10 pt-6">
        <h3 className="text-lg font-semibold text-ink-50">{applyAside.talkTitle}</h3>
        <p className="mt-1 text-sm leading-relaxed text-ink-300">{applyAside.talkText}</p>
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
      </div>
    </aside>
  );
}

function ApplyPageContent() {
  const [receipt, setReceipt] = useState<ApplicationReceipt | null>(null);
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
      <PageHero
        eyebrow={applyHero.eyebrow}
        title={
          <>
            Start Your <span className="text-gold-foil italic">Project</span>
          </>
        }
        lead={applyHero.lead}
      >
        <ul className="flex flex-col items-center justify-center gap-x-8 gap-y-3 text-sm text-ink-300 sm:flex-row">
          {applyHero.promises.map((promise) => (
            <li key={promise} className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-gold-500" aria-hidden="true" />
              {promise}
            </li>
          ))}
        </ul>
      </PageHero>

      <section aria-labelledby="apply-form-title" className="bg-background py-16 sm:py-20">
        <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
          <Card className="p-6 sm:p-10">
            <h2
              id="apply-form-title"
              className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl"
            >
              {applyForm.title}
            </h2>
            <p className="mt-3 max-w-xl text-muted-foreground">{applyForm.intro}</p>
            <p className="mt-2 mb-8 text-sm text-muted-foreground">{applyForm.requiredNote}</p>
            <ApplyForm
              headingId="apply-form-title"
              autoFocus={again}
              onSubmitted={(stored) => setReceipt(stored)}
            />
          </Card>
          <ApplyAside />
        </div>
      </section>
    </>
  );
}

export const ApplyPage = withQueryClient(ApplyPageContent);
