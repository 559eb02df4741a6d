import {
  aboutCta,
  aboutHero,
  aboutMission,
  aboutReasons,
  aboutReasonsIntro,
  aboutResults,
  aboutTimeline,
  aboutTimelineIntro,
  aboutValues,
  aboutValuesIntro,
} from "@content/about";
import { CtaSection } from "@/components/cta-section";
import { FeatureList } from "@/components/marketing/feature-card";
import { HeadlineText, Section, SectionHeading } from "@/components/marketing/section";
import { Timeline } from "@/components/marketing/timeline";
import { PageHero } from "@/components/page-hero";
import { Seo } from "@/components/seo";
import { GoldGlow } from "@/components/marketing/gold-glow";

/** The first and last year in large pale gold figures, joined by a line; decorative. */
function YearsMark({ from, to }: { from: string; to: string }) {
  return (
    <svg
      viewBox="0 0 320 250"
      aria-hidden="true"
      className="mt-12 hidden w-full max-w-xs font-display font-semibold lg:block"
    >
      <text x="0" y="95" fontSize="104" className="fill-gold-500/20">
        {from}
      </text>
      <path
        d="M8 122 H312"
        className="stroke-gold-500/40"
        strokeDasharray="2 6"
        strokeLinecap="round"
      />
      <circle cx="8" cy="122" r="4" className="fill-gold-500" />
      <circle cx="312" cy="122" r="4" className="fill-gold-500" />
      <text x="0" y="235" fontSize="104" className="fill-gold-500/40">
        {to}
      </text>
    </svg>
  );
}

export function AboutPage() {
  return (
    <>
      <Seo page="/about" />
      <PageHero
        eyebrow={aboutHero.eyebrow}
        title={<HeadlineText headline={aboutHero.title} />}
        lead={aboutHero.lead}
      />

      <Section headingId="about-mission">
        <div className="grid items-center gap-14 lg:grid-cols-[1.1fr_1fr] lg:gap-20">
          <div>
            <SectionHeading
              id="about-mission"
              align="left"
              intro={{ eyebrow: aboutMission.eyebrow, title: aboutMission.title }}
            />
            <div className="mt-6 max-w-2xl space-y-5 text-lg leading-relaxed text-muted-foreground">
              {aboutMission.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>

          <div className="theme-dark relative isolate overflow-hidden rounded-3xl p-7 shadow-[0_40px_80px_-40px_rgb(0_0_0/0.8)] sm:p-10">
            <GoldGlow from="top-right" />
            <div
              className="pointer-events-none absolute inset-0 -z-10 rounded-3xl ring-1 ring-gold-500/30 ring-inset"
              aria-hidden="true"
            />
            <h3
              id="about-results"
              className="font-sans text-xs font-semibold tracking-[0.2em] text-accent uppercase"
            >
              {aboutMission.resultsTitle}
            </h3>
            <ul aria-labelledby="about-results" className="mt-4 divide-y divide-white/10">
              {aboutResults.map((metric) => (
                <li
                  key={metric.label}
                  className="grid grid-cols-1 items-center gap-x-6 gap-y-1 py-6 last:pb-0 sm:grid-cols-[9.5rem_1fr]"
                >
                  <span className="font-display text-5xl leading-none font-semibold tracking-tight text-gold-foil">
                    {metric.value}
                  </span>{" "}
                  <span>
                    <span className="block text-lg font-semibold text-ink-50">{metric.label}</span>
                    <span className="mt-1 block text-sm leading-relaxed text-ink-400">
                      {metric.detail}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section headingId="about-values" tone="sand">
        <SectionHeading id="about-values" intro={aboutValuesIntro} />
        <FeatureList labelledBy="about-values" items={aboutValues} columns={4} />
      </Section>

      <Section headingId="about-timeline">
        <div className="grid gap-14 lg:grid-cols-[1fr_1.4fr] lg:gap-20">
          <div className="lg:sticky lg:top-[calc(var(--header-height)+3rem)] lg:self-start">
            <SectionHeading id="about-timeline" align="left" intro={aboutTimelineIntro} />
            <YearsMark
              from={aboutTimeline[0]?.year ?? ""}
              to={aboutTimeline[aboutTimeline.length - 1]?.year ?? ""}
            />
          </div>
          <Timeline labelledBy="about-timeline" milestones={aboutTimeline} />
        </div>
      </Section>

      <Section headingId="about-reasons" tone="dark">
        <SectionHeading id="about-reasons" intro={aboutReasonsIntro} />
        <FeatureList
          labelledBy="about-reasons"
          items={aboutReasons}
          layout="inline"
          columns={2}
          className="mx-auto max-w-5xl"
        />
      </Section>

      <CtaSection title={aboutCta.title} text={aboutCta.text} />
    </>
  );
}
