import { safeReturnTo } from "./return-to";
import { adminPrefix, sitePagePath } from "./routes";

/*
 * The addresses inside the site: the one place each is spelt and read, so a link cannot point at
 * a page that does not exist, and a page cannot misread a link (email-links.spec.ts follows every
 * link an email carries). Paths only; emails put the site's public URL in front.
 */

type QueryValue = string | number | boolean | null | undefined;

/** A query string of the values set ("?a=1&b=x"), or "" when none is: empty, false and null are left out. */
export function toSearch(values: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "" && value !== false) {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/* The portal's dashboard: its tab and what is open on it live in the address. */

export const dashboardTabs = [
  "websites",
  "domains",
  "billing",
  "support",
  "projects",
  "reports",
  "team",
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

const isTab = (value: string | null): value is DashboardTab =>
  dashboardTabs.includes(value as DashboardTab);

/** Back from Stripe: a payment made (?paid=1), or a card saved (?card=saved). */
export type BillingNotice = "paid" | "card-saved";

export interface DashboardView {
  tab: DashboardTab;
  /** ?new=1: the New Ticket form is open. */
  newTicket: boolean;
  /** ?ticket=<id>: that ticket's thread is open. */
  ticketId: string | null;
  /** ?proposal=<id>: that proposal is open on the Projects tab. */
  proposalId: string | null;
  /** ?invoice=<id>: that invoice is open on the Billing tab (invoice emails link there). */
  invoiceId: string | null;
  billingNotice: BillingNotice | null;
}

/**
 * The dashboard's address for a view: "/dashboard?tab=support&new=1", and so on. What is open
 * picks its tab; the default tab (My Websites) is left out.
 */
export function dashboardPath(view: Partial<DashboardView> = {}): string {
  const tab =
    view.newTicket || view.ticketId
      ? "support"
      : view.proposalId
        ? "projects"
        : view.invoiceId || view.billingNotice
          ? "billing"
          : (view.tab ?? "websites");
  const open = view.newTicket
    ? { new: 1 }
    : view.ticketId
      ? { ticket: view.ticketId }
      : view.proposalId
        ? { proposal: view.proposalId }
        : { invoice: view.invoiceId };
  const notice = tab === "billing" ? view.billingNotice : null;
  return `/dashboard${toSearch({
    tab: tab === "websites" ? undefined : tab,
    ...open,
    paid: notice === "paid" && 1,
    card: notice === "card-saved" && "saved",
  })}`;
}

/** The view an address's query string asks for; what it cannot make sense of shows My Websites. */
export function parseDashboardView(search: string): DashboardView {
  const params = new URLSearchParams(search);
  const newTicket = params.get("new") === "1";
  const ticketId = newTicket ? null : params.get("ticket") || null;
  const proposalId = newTicket || ticketId ? null : params.get("proposal") || null;
  const invoiceId = newTicket || ticketId || proposalId ? null : params.get("invoice") || null;
  const tabParam = params.get("tab");
  const tab: DashboardTab =
    newTicket || ticketId
      ? "support"
      : proposalId
        ? "projects"
        : invoiceId
          ? "billing"
          : isTab(tabParam)
            ? tabParam
            : "websites";
  const billingNotice: BillingNotice | null =
    tab !== "billing"
      ? null
      : params.get("paid") === "1"
        ? "paid"
        : params.get("card") === "saved"
          ? "card-saved"
          : null;
  return { tab, newTicket, ticketId, proposalId, invoiceId, billingNotice };
}

/** Where emails, notices and the portal send a client. */
export const clientLinks = {
  dashboard: (tab?: DashboardTab) => dashboardPath({ tab }),
  site: sitePagePath,
  domains: () => dashboardPath({ tab: "domains" }),
  invoice: (id: string) => dashboardPath({ invoiceId: id }),
  billing: () => dashboardPath({ tab: "billing" }),
  proposal: (id: string) => dashboardPath({ proposalId: id }),
  projects: () => dashboardPath({ tab: "projects" }),
  ticket: (id: string) => dashboardPath({ ticketId: id }),
  newTicket: () => dashboardPath({ newTicket: true }),
  account: () => "/account",
  /** Back from paying an invoice by card: the invoice open, with a thank-you. */
  invoicePaid: (id: string) => dashboardPath({ invoiceId: id, billingNotice: "paid" }),
  /** Back from saving a card: Billing, saying the card is saved. */
  cardSaved: () => dashboardPath({ billingNotice: "card-saved" }),
};

/* The back office's lists keep their filters in the address, so a reload, a link or Back keeps them. */

/**
 * How a filter is written: free text, a page number (1 is left out), an on/off switch written
 * "true", or the id of a record (anything else reads as no filter). A choice among a noun's
 * values is text here; the list checks it against the noun's values.
 */
export type FilterKind = "text" | "page" | "flag" | "id";
type FilterValue<K extends FilterKind> = K extends "page"
  ? number
  : K extends "flag"
    ? boolean
    : K extends "id"
      ? string | undefined
      : string;
export type ListFilters<S extends Record<string, FilterKind>> = {
  [K in keyof S]: FilterValue<S[K]>;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readFilter(kind: FilterKind, value: string | null): string | number | boolean | undefined {
  switch (kind) {
    case "text":
      return value?.trim() ?? "";
    case "page":
      return Math.max(1, Math.floor(Number(value)) || 1);
    case "flag":
      return value === "true";
    case "id":
      return value && uuid.test(value) ? value : undefined;
  }
}

export type ListAddress<S extends Record<string, FilterKind>> = {
  /** The list's path (inside the back office) with these filters. */
  path(filters?: Partial<ListFilters<S>>): string;
  /** The filters a query string holds. */
  parse(search: string): ListFilters<S>;
};

function listAddress<const S extends Record<string, FilterKind>>(
  path: string,
  kinds: S,
): ListAddress<S> {
  return {
    path: (filters = {}) => {
      const values: Record<string, QueryValue> = { ...filters };
      if (values.page === 1) delete values.page;
      return `${path}${toSearch(values)}`;
    },
    parse: (search) => {
      const params = new URLSearchParams(search);
      return Object.fromEntries(
        Object.entries(kinds).map(([key, kind]) => [key, readFilter(kind, params.get(key))]),
      ) as ListFilters<S>;
    },
  };
}

/** The back office's lists, as paths inside the back office (which is how its router reads them). */
export const backOfficeLists = {
  leads: listAddress("/", { kind: "text", status: "text", q: "text", page: "page" }),
  clients: listAddress("/clients", { q: "text" }),
  invoices: listAddress("/invoices", {
    status: "text",
    companyId: "id",
    overdue: "flag",
    page: "page",
  }),
  tickets: listAddress("/tickets", {
    status: "text",
    priority: "text",
    assignee: "text",
    sort: "text",
    page: "page",
  }),
  audit: listAddress("/audit", { actorId: "id", companyId: "id", page: "page" }),
  monitoring: listAddress("/monitoring", { page: "page" }),
};

/** Who a new proposal is for: a lead, or a client company. */
export type ProposalOwner = { leadId: string } | { companyId: string };
const proposalOwnerAddress = listAddress("/proposals/new", { leadId: "id", companyId: "id" });
const newInvoiceAddress = listAddress("/invoices/new", { companyId: "id" });

/** A client's monthly reports: ?month=2026-10 picks the month (else the last one ended). */
const clientReportsAddress = (id: string) =>
  listAddress(`/clients/${id}/reports`, { month: "text" });

/** The back office's pages, as paths inside it: links between its views use these. */
export const backOfficePaths = {
  home: () => "/",
  lead: (kind: string, id: string) => `/leads/${kind}/${id}`,
  newProposal: (owner: ProposalOwner) => proposalOwnerAddress.path(owner),
  proposal: (id: string) => `/proposals/${id}`,
  pipeline: () => "/pipeline",
  client: (id: string) => `/clients/${id}`,
  clientReports: (id: string, month?: string) => clientReportsAddress(id).path({ month }),
  newInvoice: (companyId?: string) => newInvoiceAddress.path({ companyId }),
  invoice: (id: string) => `/invoices/${id}`,
  ticket: (id: string) => `/tickets/${id}`,
  monitoring: () => "/monitoring",
  emails: () => "/emails",
  webhooks: () => "/webhooks",
  apiTokens: () => "/api-tokens",
};

/** Who a new proposal's address names, if anyone. */
export function parseProposalOwner(search: string): ProposalOwner | null {
  const { leadId, companyId } = proposalOwnerAddress.parse(search);
  return leadId ? { leadId } : companyId ? { companyId } : null;
}

/** The client company a new invoice's address names, if any. */
export const parseNewInvoiceCompany = (search: string) => newInvoiceAddress.parse(search).companyId;

/**
 * The month a client's reports page asks for, as written ("" when none): the page checks it
 * with the server, which says why a month it cannot report on is refused.
 */
export const parseReportMonth = (search: string) => clientReportsAddress("").parse(search).month;

/** The same pages as full paths, for emails, notices and links from outside the back office. */
export const staffLinks = {
  home: () => adminPrefix,
  lead: (kind: string, id: string) => adminPrefix + backOfficePaths.lead(kind, id),
  proposal: (id: string) => adminPrefix + backOfficePaths.proposal(id),
  client: (id: string) => adminPrefix + backOfficePaths.client(id),
  clientReports: (id: string, month?: string) =>
    adminPrefix + backOfficePaths.clientReports(id, month),
  invoices: () => adminPrefix + backOfficeLists.invoices.path(),
  invoice: (id: string) => adminPrefix + backOfficePaths.invoice(id),
  ticket: (id: string) => adminPrefix + backOfficePaths.ticket(id),
  monitoring: () => adminPrefix + backOfficePaths.monitoring(),
  webhooks: () => adminPrefix + backOfficePaths.webhooks(),
  apiTokens: () => adminPrefix + backOfficePaths.apiTokens(),
};

/** Where a person lands after signing in when no return address says otherwise. */
export function homePath(user: { isAdmin?: boolean }): string {
  return user.isAdmin ? staffLinks.home() : clientLinks.dashboard();
}

/* Signing in: each step comes back to where the person was going (`returnTo`). */

/** The sign-in link an email carries: one use, then the return path it names. */
export const emailSignInPath = (token: string) => `/api/login/email?token=${token}`;

export const signInLinks = {
  /** The server's sign-in: the identity provider, or the sign-in page when there is none. */
  start: (returnTo?: string) => `/api/login${toSearch({ returnTo })}`,
  /** The sign-in page, with what went wrong when a sign-in failed. */
  page: (returnTo?: string, error?: string) => `/login${toSearch({ error, returnTo })}`,
  /** The second-factor step, for those who have one. */
  verify: (returnTo?: string) => `/login/verify${toSearch({ returnTo })}`,
  /** Signing out: a link (GET) or a form's action (POST) both end the session. */
  signOut: () => "/api/logout",
};

/**
 * What a sign-in page's address holds: where to go afterwards (a path on this site, else
 * nowhere: see safeReturnTo) and the code of what went wrong.
 */
export function parseSignIn(search: string, origin: string) {
  const params = new URLSearchParams(search);
  return {
    returnTo: safeReturnTo(params.get("returnTo"), origin),
    error: params.get("error"),
  };
}
