/**
 * The four services the agency sells, and the Services page copy. The home page shows the same
 * services as short cards, so a service is described once, here.
 */
import {
  brand,
  type ClosingCta,
  type ContentCard,
  type ContentIcon,
  type PageIntro,
  type ProcessStep,
  type SectionIntro,
} from "./site";

export interface Service {
  /** Anchor id on the Services page. */
  id: string;
  icon: ContentIcon;
  name: string;
  /** One or two sentences for the home page card. */
  summary: string;
  /** The longer pitch on the Services page. */
  description: string;
  /** The price as shown on the card: "Custom Quote" or "from $40/mo". */
  price: string;
  /** What is included. */
  features: string[];
}

export const services: Service[] = [
  {
    id: "website-design",
    icon: "code",
    name: "Website Design & Build",
    summary:
      "Custom, mobile-first websites designed around your customers and built to turn visits into calls, bookings and sales.",
    description:
      "A website designed from scratch for your business, not a template with your logo on it. We plan the pages with you, write for search, and build it fast, accessible and easy for you to update.",
    price: "Custom Quote",
    features: [
      "Custom design for your brand, no templates",
      "Mobile-first, fast-loading pages",
      "On-page SEO and Google Business setup",
      "Online booking, forms and e-commerce",
      "Content editing you can do yourself",
      "Accessibility to WCAG 2.2 AA",
    ],
  },
  {
    id: "app-development",
    icon: "app",
    name: "App Development",
    summary:
      "Customer portals, booking systems and internal tools that replace spreadsheets and save your team hours every week.",
    description:
      "When an off-the-shelf tool does not fit how you work, we build one that does: customer portals, booking and ordering systems, dashboards and internal tools, on the web and on phones.",
    price: "Custom Quote",
    features: [
      "Web apps and customer portals",
      "Booking, ordering and payment flows",
      "Integrations with the tools you already use",
      "Secure sign-in and user roles",
      "Clickable prototype before we build",
      "Launch support and a handover guide",
    ],
  },
  {
    id: "premium-hosting",
    icon: "server",
    name: "Premium Hosting",
    summary:
      "Fast, secure managed hosting with daily backups, free SSL and a 99.9% uptime guarantee, watched around the clock.",
    description:
      "Managed hosting tuned for small-business sites: we set it up, keep it patched and watch it 24/7, so your site stays fast and online while you run your business.",
    price: "from $40/mo",
    features: [
      "99.9% uptime guarantee",
      "Free SSL certificates",
      "Daily off-site backups",
      "Global CDN for fast load times",
      "Malware scanning and firewall",
      "24/7 monitoring",
    ],
  },
  {
    id: "management-maintenance",
    icon: "wrench",
    name: "Management & Maintenance",
    summary:
      "Updates, security patches, content changes and monthly reports, handled by the team that knows your site.",
    description:
      "Your website keeps working for you long after launch. We keep software current, make your content changes, fix what breaks and report on how the site is performing every month.",
    price: "from $150/mo",
    features: [
      "Software, plugin and security updates",
      "Content and image changes",
      "Uptime and performance monitoring",
      "Monthly analytics report",
      "Priority support, 24/7 on premium plans",
      "Same-day response to requests",
    ],
  },
];

export const servicesPage = {
  hero: {
    eyebrow: "Our Services",
    title: { before: "Everything your business needs", highlight: "online" },
    lead: "Website design and build, custom app development, premium hosting, and management and maintenance: one team from first sketch to 24/7 support.",
  } satisfies PageIntro,
  heroActions: { primary: "Get a Free Quote", secondary: "Talk to Us" },
  servicesIntro: {
    eyebrow: "What we do",
    title: "Four services, one accountable team",
    lead: "Pick one or combine them. Every project starts with a free consultation and a written quote, so you know the cost before any work begins.",
  } satisfies SectionIntro,
  /** Label of each card's button, which leads to the contact page. */
  quoteLabel: "Get a Quote",
  featuresLabel: "What's included",
  priceLabel: "Pricing",
  reasonsIntro: {
    eyebrow: `Why ${brand.name}`,
    title: "Why small businesses choose us",
    lead: "We are big enough to build anything you need and small enough that you always talk to the people doing the work.",
  } satisfies SectionIntro,
  reasons: [
    {
      icon: "clock",
      title: "Same-Day Response",
      text: "Questions and requests get an answer the same business day, and every message a reply within 24 hours.",
    },
    {
      icon: "message",
      title: "Free Consultation",
      text: "A no-obligation call to understand your goals, followed by a clear written quote.",
    },
    {
      icon: "receipt",
      title: "Transparent Pricing",
      text: "Custom quotes with no hidden fees, and payment plans for larger projects.",
    },
    {
      icon: "gauge",
      title: "Built for Speed",
      text: "Lean, fast pages that load quickly on phones and rank better on Google.",
    },
    {
      icon: "shield",
      title: "Secure by Default",
      text: "SSL, backups, updates and monitoring come standard, not as upsells.",
    },
    {
      icon: "map-pin",
      title: "Local & Personal",
      text: "A Gig Harbor team that knows the Pacific Northwest and answers its own phone.",
    },
  ] satisfies ContentCard[],
  processIntro: {
    eyebrow: "How we work",
    title: "From first call to launch in four steps",
    lead: "A simple, predictable process with a fixed point of contact and a check-in at every stage.",
  } satisfies SectionIntro,
  process: [
    {
      title: "Consultation",
      text: "A free call to learn about your business, your customers and what success looks like.",
    },
    {
      title: "Proposal & Plan",
      text: "A written quote with scope, timeline and price, plus a payment plan for larger projects.",
    },
    {
      title: "Design & Build",
      text: "You review designs and a working preview as we go, with changes included along the way.",
    },
    {
      title: "Launch & Support",
      text: "We launch, train your team and keep the site secure, fast and up to date.",
    },
  ] satisfies ProcessStep[],
  cta: {
    title: "Not sure which service you need?",
    text: "Tell us about your business and we will recommend the right mix. Free consultation, same-day response.",
  } satisfies ClosingCta,
};
