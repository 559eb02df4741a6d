/** About page copy: mission, results, values, history and reasons to choose the agency. */
import {
  brand,
  type ClosingCta,
  type ContentCard,
  type PageIntro,
  type SectionIntro,
} from "./site";

export interface ResultMetric {
  value: string;
  label: string;
  /** One line on what the figure means. */
  detail: string;
}

export interface Milestone {
  year: string;
  event: string;
}

export const aboutHero: PageIntro = {
  eyebrow: `About ${brand.name}`,
  title: { before: "Built in Gig Harbor to help", highlight: "small businesses", after: "grow" },
  lead: "We are a small team of designers and developers who treat every client's website like our own: fast, findable, and looked after long after launch.",
};

export const aboutMission = {
  eyebrow: "Our Mission",
  title: "Give every small business a website that wins it customers",
  paragraphs: [
    `${brand.name} started with a simple idea: the bakery, the dental practice and the landscaping crew down the road deserve the same quality of website as a national brand, at a price that makes sense for a small business.`,
    "So we design every site from scratch around the customers it needs to reach, build it to load fast and rank well, and stay on afterwards to keep it secure, current and improving. No templates, no lock-in, no jargon, and a real person on the phone when you call.",
  ],
  resultsTitle: "Typical client results",
};

export const aboutResults: ResultMetric[] = [
  {
    value: "15+",
    label: "Average Monthly Leads",
    detail: "New inquiries a month from a site built to convert.",
  },
  {
    value: "3-6x",
    label: "ROI",
    detail: "Typical return on the website investment.",
  },
  {
    value: "Page 1",
    label: "Rankings",
    detail: "On Google for the local searches that matter.",
  },
];

export const aboutValuesIntro: SectionIntro = {
  eyebrow: "What we stand for",
  title: "Our core values",
  lead: "Four promises that shape every project, whatever its size.",
};

export const aboutValues: ContentCard[] = [
  {
    icon: "gem",
    title: "Craftsmanship",
    text: "Custom design and clean code, sweated down to the last detail. We only ship work we are proud to sign.",
  },
  {
    icon: "eye",
    title: "Transparency",
    text: "Clear quotes, honest timelines and plain-English updates. You always know where your project and your money stand.",
  },
  {
    icon: "trending-up",
    title: "Results First",
    text: "A beautiful site is only the start. We measure success in calls, bookings and sales for your business.",
  },
  {
    icon: "heart",
    title: "Community",
    text: "We are proud to be local. We build long relationships with the businesses that make the Pacific Northwest home.",
  },
];

export const aboutTimelineIntro: SectionIntro = {
  eyebrow: "Our journey",
  title: "From one desk in Gig Harbor to 100+ projects",
  lead: "Steady growth, one happy client at a time.",
};

export const aboutTimeline: Milestone[] = [
  {
    year: "2020",
    event: `${brand.name} opens in Gig Harbor, building websites for neighboring shops and restaurants.`,
  },
  {
    year: "2021",
    event: "Premium Hosting launches, so clients get fast, secure, monitored sites in one place.",
  },
  {
    year: "2022",
    event: "App Development joins the line-up with our first customer portals and booking systems.",
  },
  {
    year: "2023",
    event:
      "Management & Maintenance plans bring 24/7 support and monthly reporting to every client.",
  },
  {
    year: "2024",
    event: "100 projects delivered for small businesses across the Pacific Northwest.",
  },
  {
    year: "2025",
    event: "The client portal launches: websites, domains, billing and support in one dashboard.",
  },
];

export const aboutReasonsIntro: SectionIntro = {
  eyebrow: `Why ${brand.name}`,
  title: "Why businesses choose us",
  lead: "What our clients tell us makes the difference.",
};

export const aboutReasons: ContentCard[] = [
  {
    icon: "users",
    title: "A dedicated local team",
    text: "You work directly with the designers and developers building your site, not an account manager or an overseas call center.",
  },
  {
    icon: "clock",
    title: "Same-day response",
    text: "Questions get answered the same business day, and every message and application a reply within 24 hours.",
  },
  {
    icon: "receipt",
    title: "Honest, custom pricing",
    text: "A free consultation, a written quote and a payment plan for larger projects. No hidden fees, no lock-in.",
  },
  {
    icon: "headset",
    title: "Support that lasts",
    text: "24/7 support and a 99.9% uptime guarantee keep your site working long after launch day.",
  },
];

export const aboutCta: ClosingCta = {
  title: "Let's build something great together",
  text: "Book a free consultation and meet the team. We reply to every message and application within 24 hours.",
};
