import type { ReactNode } from "react";
import type { Headline, SectionIntro } from "@content/site";
import { cn } from "@/lib/utils";

type SectionTone = "paper" | "sand" | "dark";

const toneClass: Record<SectionTone, string> = {
  paper: "bg-background",
  sand: "bg-sand",
  dark: "theme-dark relative isolate overflow-hidden",
};

interface SectionProps {
  /** Id of the section's heading, which names the section (a landmark region). */
  headingId: string;
  tone?: SectionTone;
  className?: string;
  children: ReactNode;
}

/** A page section named by its heading, on a paper, sand or dark surface. */
export function Section({ headingId, tone = "paper", className, children }: SectionProps) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn("relative py-20 sm:py-28", toneClass[tone], className)}
    >
      {tone === "dark" && <DarkBackdrop />}
      <div className="container-page">{children}</div>
    </section>
  );
}

/** A soft gold glow and hairlines behind a dark section; purely decorative. */
function DarkBackdrop() {
  return (
    <div className="pointer-events-none absolute inset-0 -z-10" aria-hidden="true">
      <div className="absolute -top-48 left-1/2 h-[30rem] w-[70rem] max-w-[160vw] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(212_175_55/0.14),transparent)]" />
      <div className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold-500/40 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 h-px bg-gradient-to-r from-transparent via-gold-500/25 to-transparent" />
    </div>
  );
}

interface SectionHeadingProps {
  id: string;
  intro: SectionIntro;
  align?: "center" | "left";
  className?: string;
}

/** Eyebrow, the section's H2 and its lead paragraph. */
export function SectionHeading({ id, intro, align = "center", className }: SectionHeadingProps) {
  const centered = align === "center";
  return (
    <div className={cn("max-w-3xl", centered && "mx-auto text-center", className)}>
      {intro.eyebrow && (
        <p
          className={cn(
            "flex items-center gap-3 text-xs font-semibold tracking-[0.2em] text-accent uppercase",
            centered && "justify-center",
          )}
        >
          <span className="h-px w-8 bg-gold-500" aria-hidden="true" />
          {intro.eyebrow}
          {centered && <span className="h-px w-8 bg-gold-500" aria-hidden="true" />}
        </p>
      )}
      <h2
        id={id}
        className="mt-4 text-3xl leading-[1.12] font-semibold tracking-tight text-foreground sm:text-4xl lg:text-[2.75rem]"
      >
        {intro.title}
      </h2>
      {intro.lead && (
        <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{intro.lead}</p>
      )}
    </div>
  );
}

/** A headline with its highlighted phrase in gold foil (for dark surfaces). */
export function HeadlineText({ headline }: { headline: Headline }) {
  return (
    <>
      {headline.before} <span className="text-gold-foil italic">{headline.highlight}</span>
      {headline.after ? ` ${headline.after}` : null}
    </>
  );
}
