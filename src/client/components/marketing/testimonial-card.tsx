import { MapPin, Star } from "lucide-react";
import type { Testimonial } from "@content/home";

/** Stars out of five, read as "Rated 5 out of 5". */
function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <p role="img" aria-label={`Rated ${rating} out of 5`} className={className}>
      <span className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={
              star <= rating
                ? "size-[1.15rem] fill-gold-500 text-gold-600"
                : "size-[1.15rem] text-ink-300"
            }
          />
        ))}
      </span>
    </p>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** A client's words with their rating, name, company and town. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="h-full">
      <figure className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card p-7 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_16px_40px_-28px_rgb(0_0_0/0.35)] sm:p-8">
        <svg
          viewBox="0 0 48 40"
          aria-hidden="true"
          className="pointer-events-none absolute top-6 right-6 h-10 w-12 text-gold-500/20"
          fill="currentColor"
        >
          <path d="M0 40V22.4C0 9.6 6.4 2.13 19.2 0l2.1 5.6C14.4 7.47 11.2 11.2 10.67 17.07H20V40H0Zm28 0V22.4C28 9.6 34.4 2.13 47.2 0l2.13 5.6c-6.93 1.87-10.13 5.6-10.66 11.47H48V40H28Z" />
        </svg>
        <StarRating rating={testimonial.rating} />
        <blockquote className="mt-5 flex-1">
          <p className="text-[1.05rem] leading-relaxed text-foreground">
            &ldquo;{testimonial.text}&rdquo;
          </p>
        </blockquote>
        <figcaption className="mt-7 flex items-center gap-4 border-t border-border pt-6">
          <span
            aria-hidden="true"
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-950 font-display text-base font-semibold text-gold-400 ring-2 ring-gold-500/40 ring-offset-2 ring-offset-card"
          >
            {initials(testimonial.name)}
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-foreground">{testimonial.name}</span>
            <span className="block text-sm text-muted-foreground">{testimonial.company}</span>
            <span className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0 text-accent" aria-hidden="true" />
              {testimonial.location}
            </span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
