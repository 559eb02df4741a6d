/** Pricing page: plans with price ranges and example projects, payment plan and FAQ. */
import type { ClosingCta, ContentIcon, PageIntro, SectionIntro } from "./site";

export interface PricingExample {
  /** The kind of project, e.g. "Small Business Site". */
  type: string;
  /** Its size: pages, sites or scope. */
  pages: string;
  /** Without the billing period, which the plan gives. */
  price: string;
}

export interface PricingPlan {
  id: string;
  icon: ContentIcon;
  name: string;
  tagline: string;
  /** Marked "Most Popular". */
  popular: boolean;
  description: string;
  /** Without the billing period, e.g. "$40 - $400+". */
  priceRange: string;
  /** "/mo" for monthly plans; absent for one-off projects. */
  period?: string;
  /** What moves the price within the range. */
  factors: string[];
  examples: PricingExample[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface PaymentStage {
  /** Share of the project price, e.g. "50%". */
  share: string;
  /** When it is due, read after the share: "50% deposit". */
  label: string;
  detail: string;
}

export const pricingHero: PageIntro & { action: string } = {
  eyebrow: "Pricing",
  title: { before: "Transparent,", highlight: "custom", after: "pricing" },
  lead: "Every business is different, so every quote is too. Clear price ranges, real example projects, and payment plans for larger builds.",
  action: "Start Application",
};

export const pricingPlansIntro: SectionIntro = {
  eyebrow: "Plans & price ranges",
  title: "Find the right fit for your business",
  lead: "Every project is quoted individually. These ranges and example projects show where most of our clients land.",
};

/** Labels used on every plan card. */
export const pricingLabels = {
  popular: "Most Popular",
  priceRange: "Price range",
  factors: "Pricing factors",
  examples: "Example projects",
  action: "Start Application",
};

export const pricingPlans: PricingPlan[] = [
  {
    id: "website",
    icon: "code",
    name: "Website Design & Build",
    tagline: "Custom websites that turn visitors into customers",
    popular: false,
    description:
      "A custom-designed, mobile-first website built for speed and search, from a focused small-business site to a full online store.",
    priceRange: "$2,000 - $12,000+",
    factors: [
      "Number of pages",
      "Custom design complexity",
      "E-commerce and online booking",
      "Integrations with your tools",
      "Copywriting and SEO",
    ],
    examples: [
      { type: "Small Business Site", pages: "5-10 pages", price: "$2,000 - $4,000" },
      { type: "E-commerce Store", pages: "15-30 pages", price: "$6,500 - $12,000" },
      { type: "Enterprise Website", pages: "30+ pages", price: "$12,000+" },
    ],
  },
  {
    id: "app",
    icon: "app",
    name: "App Development",
    tagline: "Custom web and mobile apps built around how you work",
    popular: true,
    description:
      "Customer portals, booking systems and internal tools, from a focused first version to a platform that runs your business.",
    priceRange: "$25,000 - $120,000+",
    factors: [
      "Number of features and screens",
      "Web, iOS and Android platforms",
      "Third-party integrations and payments",
      "User roles and security needs",
      "Ongoing support and scaling",
    ],
    examples: [
      { type: "MVP", pages: "Core features", price: "$25,000 - $40,000" },
      { type: "Full-Featured App", pages: "Complete feature set", price: "$50,000 - $80,000" },
      { type: "Enterprise App", pages: "Custom platform", price: "$120,000+" },
    ],
  },
  {
    id: "hosting",
    icon: "server",
    name: "Premium Hosting",
    tagline: "Fast, secure, managed hosting with 99.9% uptime",
    popular: false,
    description:
      "Managed hosting with SSL, daily backups and 24/7 monitoring, sized to the number of sites and the traffic you have.",
    priceRange: "$40 - $400+",
    period: "/mo",
    factors: [
      "Number of websites",
      "Monthly traffic and storage",
      "Backup frequency and retention",
      "Email hosting",
      "Staging environments",
    ],
    examples: [
      { type: "Starter Hosting", pages: "1-3 sites", price: "$40 - $80" },
      { type: "Business Hosting", pages: "4-10 sites", price: "$120 - $240" },
      { type: "Enterprise Hosting", pages: "Unlimited sites", price: "$320+" },
    ],
  },
  {
    id: "maintenance",
    icon: "wrench",
    name: "Management & Maintenance",
    tagline: "Updates, security and content changes, handled for you",
    popular: false,
    description:
      "Ongoing care by the team that knows your site: updates, security patches, content changes, monitoring and monthly reports.",
    priceRange: "$150 - $1,500+",
    period: "/mo",
    factors: [
      "Number of websites",
      "Hours of content changes per month",
      "Response time and support hours",
      "Reporting and SEO work",
      "E-commerce and app complexity",
    ],
    examples: [
      { type: "Basic Care", pages: "1 site", price: "$150 - $400" },
      { type: "Standard Care", pages: "2-5 sites", price: "$500 - $1,000" },
      { type: "Premium Care", pages: "Unlimited sites, 24/7", price: "$1,200+" },
    ],
  },
];

export const customPricing = {
  eyebrow: "Custom pricing",
  title: "Why we quote every project individually",
  paragraphs: [
    "A five-page site for a local cafe and an online store with hundreds of products are very different projects. Instead of squeezing you into a package, we price the work you actually need, and nothing you do not.",
    "It starts with a free consultation. Within 24 hours of your application we reply, learn about your goals, and send a written quote with a fixed scope, timeline and price. No hidden fees, no surprises.",
  ],
  promises: [
    "Free consultation and written quote",
    "Fixed scope and price before work starts",
    "No hidden fees or long-term lock-in",
  ],
  paymentTitle: "Payment plan for larger projects",
  paymentText: "Spread the cost of a bigger build across its milestones:",
  payment: [
    { share: "50%", label: "deposit", detail: "to reserve your start date and begin discovery" },
    {
      share: "25%",
      label: "at mid-point",
      detail: "once designs are approved and the build is under way",
    },
    {
      share: "25%",
      label: "on completion",
      detail: "when your project is finished and ready to launch",
    },
  ] satisfies PaymentStage[],
};

export const pricingFaqIntro: SectionIntro = {
  eyebrow: "FAQ",
  title: "Frequently asked questions",
  lead: "Still wondering about something? Ask us: we reply within 24 hours.",
};

export const pricingFaq: FaqEntry[] = [
  {
    question: "Why don't you list fixed prices?",
    answer:
      "Because no two businesses need exactly the same thing. The ranges above show where most projects land; after a free consultation we send a written quote with a fixed price for your exact scope, so you never pay for features you do not need.",
  },
  {
    question: "How long does a typical project take?",
    answer:
      "Most small-business websites launch in four to eight weeks, and larger e-commerce sites in two to three months. Apps depend on their features: an MVP typically takes three to four months. Your quote includes a timeline with clear milestones.",
  },
  {
    question: "Do you offer payment plans?",
    answer:
      "Yes. Larger projects are split into three payments: a 50% deposit to get started, 25% at the mid-point, and the final 25% on completion. Monthly hosting and maintenance plans are billed monthly.",
  },
  {
    question: "Do I own my website?",
    answer:
      "Yes. Once the project is paid for, the design, content and code are yours. If you ever move on, we hand everything over and help with the transfer.",
  },
  {
    question: "Do I have to host with you or buy a maintenance plan?",
    answer:
      "No. Hosting and maintenance are optional. Many clients choose them so one team keeps their site fast, secure and up to date, backed by a 99.9% uptime guarantee and 24/7 support, but we are happy to launch on your own hosting.",
  },
];

export const pricingCta: ClosingCta = {
  title: "Get your custom quote",
  text: "Tell us about your project and get a written quote. Free consultation, and a reply within 24 hours.",
};
