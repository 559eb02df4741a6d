/**
 * Copy of the contact and apply pages and of the QR card. Plain typed data: the pages pick the
 * icons and layout; an agency running this site as its own edits the words here.
 */
import { brand, contact } from "./site";

/** Which icon a card shows; the page maps each name to a drawing. */
export type ContactIcon = "email" | "phone" | "office" | "hours" | "chat" | "ticket";

export interface InfoCardCopy {
  icon: ContactIcon;
  title: string;
  value: string;
  /** A link that acts on the value (mailto:, tel:), when there is one. */
  href?: string;
  /** A short line under the value. */
  note: string;
}

export interface SupportCardCopy {
  /** What the card's button does: open the chat options, open a ticket, or call. */
  kind: "chat" | "ticket" | "call";
  icon: ContactIcon;
  title: string;
  text: string;
  action: string;
}

export const contactHero = {
  eyebrow: "Contact",
  titleStart: "Let's talk about your",
  titleHighlight: "project",
  lead: "Free consultation, same-day response. Call us, email us, or send a message and we will reply within 24 hours.",
  callLabel: `Call ${contact.phone}`,
  quoteLabel: "Get a Free Quote",
  bookLabel: "Book a Discovery Call",
};

export const contactInfoCards: InfoCardCopy[] = [
  {
    icon: "email",
    title: "Email",
    value: contact.email,
    href: contact.emailHref,
    note: "We reply within 24 hours",
  },
  {
    icon: "phone",
    title: "Phone",
    value: contact.phone,
    href: contact.phoneHref,
    note: "Talk to a real person",
  },
  { icon: "office", title: "Office", value: contact.office, note: "Serving the Pacific Northwest" },
  {
    icon: "hours",
    title: "Support Hours",
    value: contact.supportHours,
    note: "Monitoring and emergency fixes",
  },
];

const contactSuccessLead = "Thanks for reaching out. We'll reply within 24 hours.";

export const contactForm = {
  title: "Send Us a Message",
  intro:
    "Tell us a little about your business and what you need. A member of our team will get back to you within 24 hours.",
  requiredNote: "All fields are required.",
  labels: { name: "Name", email: "Email", subject: "Subject", message: "Message" },
  placeholders: {
    name: "Jane Smith",
    email: "jane@yourbusiness.com",
    subject: "New website for my business",
    message: "Tell us about your project, goals and timeline...",
  },
  submit: "Send Message",
  pending: "Sending...",
  successTitle: "Message sent!",
  successLead: contactSuccessLead,
  referenceLabel: "Your reference number is",
  /** The toast's line, with the reference number of the stored message. */
  successText: (reference: string) =>
    `${contactSuccessLead} Your reference number is ${reference}.`,
  errorTitle: "Error",
  errorText: "Failed to send message. Please try again.",
};

export const contactAside = {
  title: "What happens next",
  steps: [
    { title: "We read every message", text: "A real person on our team, not a bot." },
    {
      title: "We reply within 24 hours",
      text: "Usually the same day, with answers or a few questions.",
    },
    {
      title: "Free consultation",
      text: "A no-obligation call to scope your project and give you a clear price.",
    },
  ],
  urgentTitle: "Need help right now?",
  urgentText: `Call us any time at ${contact.phone}. Support is available around the clock.`,
};

export const supportSection = {
  eyebrow: "Support",
  title: "Already a client? We've got you.",
  lead: "Reach our support team the way that suits you best.",
};

export const supportCards: SupportCardCopy[] = [
  {
    kind: "chat",
    icon: "chat",
    title: "Live Chat",
    text: "Chat with our team right now by text message, phone or email.",
    action: "Start Chat",
  },
  {
    kind: "ticket",
    icon: "ticket",
    title: "Submit Ticket",
    text: "Open a support ticket in your client portal and follow every reply.",
    action: "Open Ticket",
  },
  {
    kind: "call",
    icon: "phone",
    title: "Call Us",
    text: "Speak with a technician directly, 24 hours a day.",
    action: contact.phone,
  },
];

/** The Start Chat dialog: there is no chat service, so it offers the fastest real channels. */
export const chatDialog = {
  title: "Chat with us now",
  description: `Pick the quickest way to reach the ${brand.name} team. We answer texts and calls around the clock.`,
  options: [
    {
      icon: "chat" as ContactIcon,
      title: "Text us",
      text: `Send a text message to ${contact.phone}`,
      href: `sms:${contact.phoneHref.replace(/^tel:/, "")}`,
    },
    {
      icon: "phone" as ContactIcon,
      title: "Call us",
      text: `Call ${contact.phone}`,
      href: contact.phoneHref,
    },
    {
      icon: "email" as ContactIcon,
      title: "Email us",
      text: contact.email,
      href: contact.emailHref,
    },
  ],
  close: "Close",
};

export const shareSection = {
  eyebrow: "Spread the word",
  title: "Share Our Website",
  lead: "Know someone who needs a website? Put our QR code on a flyer, a business card or your shop counter.",
  uses: [
    "Business cards and flyers",
    "Storefront windows and counters",
    "Slides and email footers",
  ],
};

export const qrCardCopy = {
  title: "Scan to Visit Our Website",
  description:
    "Share this QR code with clients, on business cards, or in marketing materials. Scan it to instantly visit our website.",
  download: "Download QR Code",
  /** Accessible name of the drawn code. */
  imageAlt: (address: string) => `QR code that opens ${address}`,
  /** File name of the saved PNG: the services brand, then "qr-code.png". */
  fileName: `${brand.slug}-qr-code.png`,
};

export const applicationHero = {
  eyebrow: "Free Quote",
  title: "Start Your Project",
  lead: "Tell us about your business and what you want to build. We will reach out within 24 hours with next steps and a tailored quote.",
  promises: ["Free consultation", "Reply within 24 hours", "No obligation quote"],
};

export const applicationForm = {
  title: "Project Application",
  intro:
    "The more you tell us, the more accurate our quote. It takes about two minutes, and there is no obligation.",
  requiredNote: "Fields marked * are required.",
  sections: { about: "About you", project: "Your project" },
  labels: {
    name: "Full Name",
    email: "Email Address",
    phone: "Phone Number",
    company: "Company Name",
    projectType: "Project Type",
    budget: "Estimated Budget",
    timeline: "Desired Timeline",
    description: "Project Description",
  },
  placeholders: {
    name: "Jane Smith",
    email: "jane@yourbusiness.com",
    phone: "(253) 555-0100",
    company: "Your Business LLC",
    projectType: "Select a project type",
    budget: "Select a budget range",
    timeline: "Select a timeline",
    description:
      "What does your business do, what should the website or app achieve, and are there any sites you like?",
  },
  hints: {
    description: "At least 20 characters. Goals, must-have features and deadlines all help.",
  },
  submit: "Submit Application",
  pending: "Submitting...",
  privacy: "We only use your details to reply to this request. No spam, ever.",
  errorTitle: "Error",
  errorText: "Failed to submit application. Please try again.",
};

export const applicationAside = {
  title: "What happens next",
  steps: [
    { title: "We review your request", text: "Within 24 hours, by a real person." },
    { title: "Free discovery call", text: "We learn about your goals and answer questions." },
    { title: "Your tailored quote", text: "A clear proposal with price, scope and timeline." },
  ],
  talkTitle: "Prefer to talk it through?",
  talkText: `Call or email us and a real person will walk you through options, timelines and a ballpark price. ${contact.supportHours}.`,
};

export const applicationSuccess = {
  title: "Application Received!",
  text: "Thank you for your interest. Our team will review your project details and reach out within 24 hours.",
  referenceLabel: "Your reference number",
  referenceHint: "Mention it when you call or email us.",
  again: "Submit Another Request",
  home: "Back to Home",
  /** The link to /book: the visitor picks the Discovery Call's time now. */
  book: "Book Your Discovery Call",
};
