/** Home page copy and figures. Plain data; the claims must stay true for the agency using this site. */
import {
  brand,
  type ClosingCta,
  type ContentCard,
  type PageIntro,
  type ProcessStep,
  type SectionIntro,
} from "./site";

export interface Stat {
  value: string;
  label: string;
}

export interface Testimonial {
  name: string;
  company: string;
  location: string;
  text: string;
  /** Stars out of 5. */
  rating: number;
}

export interface HomeHero extends PageIntro {
  primaryAction: string;
  secondaryAction: string;
  rating: { value: string; text: string };
  replyPromise: string;
  /** Words inside the decorative site preview next to the hero. */
  preview: { domain: string; leadsLabel: string; leadsValue: string; uptime: string };
}

export const homeStats: Stat[] = [
  { value: "100+", label: "Projects Delivered" },
  { value: "24/7", label: "Support & Maintenance" },
  { value: "99.9%", label: "Uptime Guarantee" },
  { value: "Custom", label: "Pricing Models" },
];

export const homeHero: HomeHero = {
  /** Shown after the office location, e.g. "Gig Harbor, WA · Web agency". */
  eyebrow: "Web agency",
  title: { before: "Custom Websites & Apps for", highlight: "Small Businesses" },
  lead: `${brand.name} designs, builds, hosts and maintains websites and web apps that win you customers. Free consultation, same-day response, and a real team that picks up the phone.`,
  primaryAction: "Get a Free Quote",
  secondaryAction: "Schedule a Call",
  rating: { value: "5.0", text: "average from 100+ clients" },
  replyPromise: "Reply within 24 hours",
  preview: {
    domain: "yourbusiness.com",
    leadsLabel: "Avg. monthly leads",
    leadsValue: "15+",
    uptime: "99.9% uptime",
  },
};

export const homeFeaturesIntro: SectionIntro = {
  eyebrow: `Why ${brand.name}`,
  title: "A web partner that treats your business like its own",
  lead: "Everything a small business needs to look professional, get found and win customers online, without the big-agency price tag or the runaround.",
};

export const homeFeatures: ContentCard[] = [
  {
    icon: "zap",
    title: "Same-Day Response",
    text: "Call or message us and hear back the same business day. No ticket black holes, no waiting a week for a simple change.",
  },
  {
    icon: "message",
    title: "Free Consultation",
    text: "Start with a no-obligation conversation about your goals. You get honest advice and a clear written quote.",
  },
  {
    icon: "smartphone",
    title: "Mobile-First Design",
    text: "Most of your customers find you on a phone. Every site we build looks sharp and loads fast on any screen.",
  },
  {
    icon: "search",
    title: "Built to Be Found",
    text: "Clean code, fast pages and on-page SEO from day one, so local customers find you on Google and Maps.",
  },
  {
    icon: "shield",
    title: "Secure & Reliable",
    text: "Managed hosting with SSL, daily backups and a 99.9% uptime guarantee, monitored 24/7.",
  },
  {
    icon: "handshake",
    title: "Partners After Launch",
    text: "We stay on after go-live with updates, fixes and improvements, so your website keeps working for you.",
  },
];

export const homeServicesIntro: SectionIntro = {
  eyebrow: "Our Services",
  title: "Everything your website needs, under one roof",
  lead: "Design, development, hosting and care from one local team, so there is always someone who knows your site.",
};

/** Text of the link on each home service card (the card's title names the service). */
export const homeServicesLinkLabel = "Learn more";

export const homeProcessIntro: SectionIntro = {
  eyebrow: "How it works",
  title: "Three steps to a website that works as hard as you do",
  lead: "A clear, predictable process. You always know what happens next and what it costs.",
};

export const homeProcess: ProcessStep[] = [
  {
    title: "Discovery Call",
    text: "A free consultation about your business, your customers and your goals. You get a clear proposal and quote, with no obligation.",
  },
  {
    title: "Design & Development",
    text: "We design and build your site or app, sharing progress along the way so you can give feedback at every stage.",
  },
  {
    title: "Launch & Optimize",
    text: "We launch, monitor and keep improving: speed, search rankings and conversions, backed by 24/7 support.",
  },
];

export const homeTestimonialsIntro: SectionIntro = {
  eyebrow: "Client stories",
  title: "Trusted by small businesses across the Pacific Northwest",
  lead: "A 5.0 average rating from 100+ clients. Here is what a few of them say.",
};

// PLACEHOLDER testimonials: the people and businesses below are fictional examples. Replace them
// with real clients' words (and their permission) before going live.
export const testimonials: Testimonial[] = [
  {
    name: "Maria Delgado",
    company: "Tidewater Bakery",
    location: "Gig Harbor, WA",
    text: "Our old site was impossible to use on a phone. The new one takes online pre-orders, and weekend orders have roughly doubled. They answered every question the same day.",
    rating: 5,
  },
  {
    name: "James Whitfield",
    company: "Narrows Marine Supply",
    location: "Tacoma, WA",
    text: "They built us a parts-lookup app our counter staff use all day. It replaced three spreadsheets and it has not gone down once since launch.",
    rating: 5,
  },
  {
    name: "Priya Raman",
    company: "Evergreen Family Dental",
    location: "Port Orchard, WA",
    text: "New patients now book online around the clock, and we show up on the first page of Google for dentists nearby. The monthly reports are clear and honest.",
    rating: 5,
  },
  {
    name: "Dan Okafor",
    company: "Cascade Ridge Landscaping",
    location: "Portland, OR",
    text: "Upfront price, on time, no surprises. When I need a seasonal update I send an email and it is live that afternoon. Worth every penny.",
    rating: 5,
  },
];

export const homeCta: ClosingCta = {
  title: "Ready to grow your business online?",
  text: "Book a free consultation. We reply to every message and application within 24 hours.",
};
