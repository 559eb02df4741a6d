import { adminPrefix, sitePagePath } from "./routes";

/*
 * Where emails and notices send people: the one place each address inside the site is spelt, so
 * a link cannot point at a page that does not exist (email-links.spec.ts follows every one).
 * Paths only; emails put the site's public URL in front.
 */

/** The portal's dashboard tabs that a link may open. */
export type DashboardTab = "websites" | "domains" | "team" | "billing" | "projects" | "support";

/**
 * What Stripe's way back to the Billing tab says happened: a payment made (`&paid=1`) or a card
 * saved (`&card=saved`).
 */
export type BillingNotice = "paid" | "card-saved";

export const clientLinks = {
  dashboard: (tab?: DashboardTab) => (tab ? `/dashboard?tab=${tab}` : "/dashboard"),
  site: sitePagePath,
  domains: () => "/dashboard?tab=domains",
  invoice: (id: string) => `/dashboard?tab=billing&invoice=${id}`,
  billing: () => "/dashboard?tab=billing",
  proposal: (id: string) => `/dashboard?tab=projects&proposal=${id}`,
  projects: () => "/dashboard?tab=projects",
  ticket: (id: string) => `/dashboard?tab=support&ticket=${id}`,
  account: () => "/account",
};

export const staffLinks = {
  home: () => adminPrefix,
  lead: (kind: string, id: string) => `${adminPrefix}/leads/${kind}/${id}`,
  proposal: (id: string) => `${adminPrefix}/proposals/${id}`,
  client: (id: string) => `${adminPrefix}/clients/${id}`,
  invoices: () => `${adminPrefix}/invoices`,
  invoice: (id: string) => `${adminPrefix}/invoices/${id}`,
  ticket: (id: string) => `${adminPrefix}/tickets/${id}`,
  monitoring: () => `${adminPrefix}/monitoring`,
};

/** The sign-in link an email carries: one use, then the return path it names. */
export const emailSignInPath = (token: string) => `/api/login/email?token=${token}`;
