import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { brand, contact, footerServices, navItems } from "@content/site";
import { Logo } from "@/components/logo";
import { useIdle } from "@/lib/use-idle";
import { siteLinksId } from "./header";
import { SocialLinkList } from "./social-links";

// Radix Tooltip and its positioning engine are fetched once the browser is idle, never in
// competition with the page.
const SocialLinksWithTooltips = lazy(() =>
  import("./social-links-with-tooltips").then((m) => ({ default: m.SocialLinksWithTooltips })),
);

const headingClass = "font-sans text-xs font-semibold tracking-[0.18em] text-gold-400 uppercase";
const linkClass =
  "-mx-1 inline-flex min-h-8 items-center rounded px-1 text-sm text-ink-300 transition-colors hover:text-ink-50";

export function Footer() {
  const year = new Date().getFullYear();
  const idle = useIdle();
  return (
    <footer className="theme-dark relative overflow-hidden border-t border-white/10">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold-500/60 to-transparent"
        aria-hidden="true"
      />
      <div className="container-page grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:gap-10">
        <div className="max-w-sm">
          <Link href="/" className="-m-1 inline-block rounded-lg p-1 text-ink-50">
            <Logo name={brand.name} />
          </Link>
          <p className="mt-5 text-sm leading-relaxed text-ink-400">{brand.summary}</p>
          {idle ? (
            <Suspense fallback={<SocialLinkList />}>
              <SocialLinksWithTooltips />
            </Suspense>
          ) : (
            <SocialLinkList />
          )}
        </div>

        <nav id={siteLinksId} aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick Links
          </h2>
          <ul className="mt-5 space-y-2">
            {navItems.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            Services
          </h2>
          <ul className="mt-5 space-y-2">
            {footerServices.map((service) => (
              <li key={service.label}>
                <Link href={service.href} className={linkClass}>
                  {service.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="mt-5 space-y-3 text-sm text-ink-300">
            <li className="flex gap-3">
              <Mail className="mt-1.5 size-4 shrink-0 text-gold-500" aria-hidden="true" />
              <a href={contact.emailHref} className={linkClass}>
                {contact.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Phone className="mt-1.5 size-4 shrink-0 text-gold-500" aria-hidden="true" />
              <a href={contact.phoneHref} className={linkClass}>
                {contact.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-1.5 size-4 shrink-0 text-gold-500" aria-hidden="true" />
              <address className="pt-1 leading-relaxed not-italic">
                {contact.address.street}
                <br />
                {contact.address.city}, {contact.address.region} {contact.address.postalCode}
              </address>
            </li>
            <li className="flex gap-3">
              <Clock className="mt-1.5 size-4 shrink-0 text-gold-500" aria-hidden="true" />
              <span className="pt-1">Support: {contact.supportHours}</span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-ink-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {brand.name}. All rights reserved.
          </p>
          <p>{brand.tagline}</p>
        </div>
      </div>
    </footer>
  );
}
