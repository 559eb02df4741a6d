/**
 * Brand, contact details, navigation and page meta: the one place an agency edits to run this
 * site as its own. Plain typed data only (no React, no DOM), so pages, emails, the sitemap and
 * structured data can all read it.
 */

export interface Brand {
  /** The agency's name, shown in the header, footer, titles and emails. */
  name: string;
  /** A short line under the name. */
  tagline: string;
  /** One sentence about the agency, for the footer and default meta description. */
  summary: string;
  /** Lower-case slug of the services brand; the QR card saves `<slug>-qr-code.png`. */
  slug: string;
  /** Brand colour (hex), also the QR code's dark colour. */
  color: string;
  /** The agency's IANA time zone: times in emails are shown in it, with its abbreviation. */
  timeZone: string;
}

export interface PostalAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface ContactDetails {
  email: string;
  /** `mailto:` form of the email address. */
  emailHref: string;
  /** The phone number as people read it. */
  phone: string;
  /** `tel:` form of the phone number (E.164). */
  phoneHref: string;
  /** Short office label shown on cards, e.g. "Gig Harbor, WA". */
  office: string;
  address: PostalAddress;
  supportHours: string;
}

export type SocialNetwork = "facebook" | "instagram" | "linkedin";

export interface SocialLink {
  network: SocialNetwork;
  /** Accessible name of the icon-only link. */
  label: string;
  href: string;
}

export interface NavItem {
  label: string;
  href: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** None for pages kept out of search results: no empty keywords tag is written. */
  keywords: string[];
  /** Keep the page out of search results (portal and error pages). */
  noindex?: boolean;
}

/** Every page that has its own meta: the site's routes, the back office and the not-found page. */
export type PageKey =
  | "/"
  | "/about"
  | "/services"
  | "/pricing"
  | "/contact"
  | "/apply"
  | "/book"
  | "/dashboard"
  | "/logout"
  | "/admin"
  | "/share"
  | "not-found";

export const brand: Brand = {
  name: "Harborline",
  tagline: "Web design, apps & hosting from Gig Harbor",
  summary:
    "Harborline designs, builds, hosts and maintains custom websites and web apps for small businesses across the Pacific Northwest.",
  slug: "harborline",
  color: "#D4AF37",
  // Gig Harbor, Washington.
  timeZone: "America/Los_Angeles",
};

// PLACEHOLDER contact details: the email uses the reserved .example domain, the phone number is
// a 555-01xx fictional number and the street address is illustrative. Replace them all before
// going live.
export const contact: ContactDetails = {
  email: "hello@harborline.example",
  emailHref: "mailto:hello@harborline.example",
  phone: "(253) 555-0142",
  phoneHref: "tel:+12535550142",
  office: "Gig Harbor, WA",
  address: {
    street: "3310 Harborview Drive, Suite 200",
    city: "Gig Harbor",
    region: "WA",
    postalCode: "98335",
    country: "US",
  },
  supportHours: "24/7 Available",
};

// PLACEHOLDER social profiles: point each href at the real profile.
export const socialLinks: SocialLink[] = [
  { network: "facebook", label: "Harborline on Facebook", href: "#" },
  { network: "instagram", label: "Harborline on Instagram", href: "#" },
  { network: "linkedin", label: "Harborline on LinkedIn", href: "#" },
];

export const navItems: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Services", href: "/services" },
  { label: "Pricing", href: "/pricing" },
  { label: "Contact", href: "/contact" },
];

export const footerServices: NavItem[] = [
  { label: "Shared Hosting", href: "/services" },
  { label: "VPS Hosting", href: "/services" },
  { label: "Cloud Hosting", href: "/services" },
  { label: "Dedicated Servers", href: "/services" },
  { label: "SSL Certificates", href: "/services" },
];

export const pageMeta: Record<PageKey, PageMeta> = {
  "/": {
    title: "Harborline | Custom Websites & Apps for Small Businesses in Gig Harbor, WA",
    description:
      "Custom website design, web app development, premium hosting and 24/7 maintenance for small businesses. Free consultation and a reply within 24 hours.",
    keywords: [
      "web design Gig Harbor",
      "small business website",
      "custom web app development",
      "website hosting",
      "website maintenance",
      "Pacific Northwest web agency",
    ],
  },
  "/about": {
    title: "About Harborline | Gig Harbor Web Design Agency",
    description:
      "Meet Harborline, the Gig Harbor web agency helping small businesses grow with custom websites, apps and reliable hosting since 2020.",
    keywords: [
      "about Harborline",
      "Gig Harbor web agency",
      "web design team",
      "small business growth",
    ],
  },
  "/services": {
    title: "Services | Website Design, App Development, Hosting & Maintenance | Harborline",
    description:
      "Website design and build, custom app development, premium hosting from $40/mo and management and maintenance from $150/mo for small businesses.",
    keywords: [
      "website design and build",
      "app development",
      "premium hosting",
      "website management",
      "website maintenance plans",
    ],
  },
  "/pricing": {
    title: "Pricing | Transparent Custom Pricing for Websites & Apps | Harborline",
    description:
      "Clear price ranges for websites, apps, hosting and maintenance, with example projects and flexible payment plans. Start your application today.",
    keywords: [
      "website pricing",
      "web app cost",
      "hosting prices",
      "maintenance plans",
      "custom quote",
    ],
  },
  "/contact": {
    title: "Contact Harborline | Free Consultation & Same-Day Response",
    description:
      "Call, email or send us a message. Harborline replies within 24 hours and offers a free consultation for your website or app project.",
    keywords: ["contact web designer", "free consultation", "website quote", "Gig Harbor WA"],
  },
  "/apply": {
    title: "Start Your Project | Request a Free Quote | Harborline",
    description:
      "Tell us about your website, app, hosting or maintenance project and get a tailored quote. Our team reaches out within 24 hours.",
    keywords: ["project application", "website quote", "app development quote", "start a project"],
  },
  "/book": {
    title: "Book a Discovery Call | Harborline",
    description:
      "Pick a time for a free 30-minute Discovery Call about your website, app or hosting, shown in your own time zone.",
    keywords: ["discovery call", "book a call", "free consultation", "web design consultation"],
  },
  "/dashboard": {
    title: "Client Dashboard | Harborline",
    description: "Manage your websites, domains, billing and support tickets.",
    keywords: ["client portal", "website dashboard", "support tickets"],
    noindex: true,
  },
  "/logout": {
    title: "Sign Out | Harborline",
    description: "Sign out of the Harborline client portal.",
    keywords: [],
    noindex: true,
  },
  "/admin": {
    title: "Back office · Harborline",
    description: "Leads, clients, support tickets and sent email, for Harborline staff.",
    keywords: [],
    noindex: true,
  },
  "/share": {
    title: "Website analytics | Harborline",
    description: "A read-only view of a website's visitors, shared by its owner.",
    keywords: [],
    noindex: true,
  },
  "not-found": {
    title: "404 Page Not Found | Harborline",
    description: "The page you are looking for does not exist.",
    keywords: [],
    noindex: true,
  },
};

export interface OpeningHours {
  /** schema.org day names. */
  days: ("Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday")[];
  /** 24-hour "HH:MM", local time. */
  opens: string;
  closes: string;
}

/** Office hours (phone support stays 24/7); used for search engines' business listing. */
export const openingHours: OpeningHours[] = [
  {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00",
    closes: "18:00",
  },
  { days: ["Saturday"], opens: "09:00", closes: "13:00" },
];

/** The two headline lines of the link-preview image (og:image), made at build. */
export const socialCard = {
  headline: "Custom websites & apps",
  highlight: "for small businesses",
};

/*
 * Shapes shared by the marketing pages' content (home, about, services, pricing). Icons are named
 * here and drawn by the client, so this folder stays plain data.
 */

/** Icons the marketing pages can show next to a card; the client maps each name to a drawing. */
export type ContentIcon =
  | "zap"
  | "message"
  | "smartphone"
  | "search"
  | "shield"
  | "map-pin"
  | "code"
  | "app"
  | "server"
  | "wrench"
  | "handshake"
  | "eye"
  | "gem"
  | "trending-up"
  | "clock"
  | "users"
  | "receipt"
  | "heart"
  | "gauge"
  | "headset";

/** A heading with one highlighted phrase (drawn in gold foil on dark backgrounds). */
export interface Headline {
  before: string;
  highlight: string;
  after?: string;
}

/** The opening block of a marketing page: eyebrow, the page's H1 and a lead paragraph. */
export interface PageIntro {
  eyebrow: string;
  title: Headline;
  lead: string;
}

/** The eyebrow, heading and lead paragraph that open a section. */
export interface SectionIntro {
  eyebrow?: string;
  title: string;
  lead?: string;
}

/** A titled card: features, values, reasons. */
export interface ContentCard {
  icon: ContentIcon;
  title: string;
  text: string;
}

/** One step of a working process, in order. */
export interface ProcessStep {
  title: string;
  text: string;
}

/** A closing call to action's heading and text (its buttons go to /apply and /contact). */
export interface ClosingCta {
  title: string;
  text: string;
}
