/**
 * For tests that walk every registered route: a body each route with one accepts, and a real
 * id for each path parameter, so a request reaches the handler.
 */

/** A body each route with one accepts: the walk below spoils one field of it at a time. */
const website = {
  domain: "harborcoffee.com",
  plan: "Business",
  status: "active",
  checkUrl: "https://harborcoffee.com/status",
};
const domain = { domain: "harborcoffee.com", autoRenew: true, expiresAt: "2027-01-31" };
const plan = {
  name: "Business Hosting",
  amountCents: 14_900,
  billingDay: 5,
  startsOn: "2027-01-05",
};
const proposalDraft = {
  title: "A new website for Harbor Coffee",
  scope: "## Pages\n\nHome, menu, locations and a contact form.",
  lines: [
    {
      description: "Small Business Site",
      detail: "5-10 pages",
      planId: "website",
      billing: "one-off",
      quantity: 1,
      unitPriceCents: 500_000,
    },
    { description: "Hosting", billing: "monthly", quantity: 1, unitPriceCents: 4_900 },
  ],
  validUntil: "2099-12-31",
};
/** Time logged two days ago (never in the future, in any time zone). */
const timeEntry = {
  workDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
  minutes: 45,
  note: "Updated the plugins and checked the contact form.",
};
/** The inbound webhook's secret for tests that walk every route, and how it is sent. */
export const webhookSecret = "walk-every-route-inbound-secret";
export const webhookAuth = (url: string): Record<string, string> =>
  url === "/api/inbound/postmark"
    ? { authorization: `Basic ${Buffer.from(`inbound:${webhookSecret}`).toString("base64")}` }
    : {};
/** A UUID no row has, where a body must name one: concreteBody puts a real one in. */
const SOME_ID = "00000000-0000-4000-8000-000000000000";
export const validBodies: Record<string, Record<string, unknown>> = {
  "POST /api/login/email": { email: "maria@example.com", returnTo: "/dashboard" },
  "POST /api/login/demo": { as: "client" },
  "POST /api/contact": {
    name: "Maria Lopez",
    email: "maria@example.com",
    subject: "A new website",
    message: "We would like a new website for our shops.",
    website: "",
  },
  // A page view from the analytics tag (public, cross-site), with its landing address's UTM tags;
  // an unknown site key: 404, nothing kept. (A goal is the same body with type "goal" and a name.)
  "POST /api/events": {
    site: "0".repeat(32),
    url: "https://harborcoffee.com/menu",
    referrer: "https://www.google.com/",
    width: 1440,
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "fall-menu",
  },
  "POST /api/apply": {
    name: "Maria Lopez",
    email: "maria@example.com",
    phone: "+1 555 0100",
    company: "Harbor Coffee",
    projectType: "website",
    budget: "5k-15k",
    timeline: "asap",
    description: "A new website for our three coffee shops.",
    website: "",
  },
  "PATCH /api/domains/:id": { autoRenew: false },
  "POST /api/tickets": {
    subject: "The site is slow",
    message: "The home page takes ten seconds to load.",
    priority: "high",
  },
  "POST /api/tickets/:id/messages": { body: "Thanks, that fixed it for us." },
  // An email as Postmark posts it (the route wants INBOUND_WEBHOOK_SECRET: see webhookAuth).
  "POST /api/inbound/postmark": {
    FromFull: { Email: "demo@example.com", Name: "Jordan" },
    ToFull: [{ Email: "support@harborline.example", Name: "" }],
    OriginalRecipient: "support@harborline.example",
    Subject: "The site is slow",
    MessageID: "0f4c2b8e-6a51-4d1e-9a53-2f4b7c9d1e60",
    TextBody: "The home page takes ten seconds to load.",
    HtmlBody: "",
    Headers: [],
    Attachments: [],
  },
  "PATCH /api/admin/leads/:kind/:id": { status: "contacted" },
  "POST /api/admin/leads/:kind/:id/notes": { body: "Called back, they want a quote." },
  "POST /api/team/members": { email: "sam@example.com", firstName: "Sam", role: "member" },
  "PATCH /api/team/members/:id": { role: "member" },
  "POST /api/admin/clients": {
    companyName: "Silva Studio",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Silva",
  },
  "POST /api/admin/clients/:id/members": { email: "lee@example.com", role: "billing" },
  "PATCH /api/admin/clients/:id/members/:userId": { role: "member" },
  "POST /api/admin/clients/:id/websites": website,
  "PUT /api/admin/websites/:id": website,
  "PUT /api/admin/websites/:id/vitals": { enabled: true },
  "POST /api/admin/websites/:id/usage-tokens": { name: "web-1 nginx" },
  "POST /api/admin/webhooks": {
    url: "https://hooks.example.com/harborline",
    events: ["ticket.created", "invoice.paid"],
  },
  "PATCH /api/admin/webhooks/:id": { enabled: false },
  "POST /api/admin/api-tokens": {
    name: "CRM sync",
    scopes: ["leads:read", "tickets:write"],
    expiresInDays: 90,
  },
  // A ticket opened for the client (concreteBody puts its id in).
  "POST /api/admin/tickets": {
    companyId: SOME_ID,
    subject: "Checkout returns an error",
    message: "Our monitoring saw the checkout page fail three times in ten minutes.",
    priority: "high",
  },
  "POST /api/admin/websites/:id/heartbeats": {
    name: "nightly backup",
    periodSeconds: 86_400,
    graceSeconds: 3_600,
  },
  // websiteIds: the client's kept website (concreteBody puts it in).
  "POST /api/admin/clients/:id/maintenance-windows": {
    websiteIds: [SOME_ID],
    startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86_400_000 + 2 * 3_600_000).toISOString(),
    note: "Moving the site to a faster server.",
  },
  "POST /api/usage": { date: new Date().toISOString().slice(0, 10), bytes: 1_234_567 },
  "POST /api/admin/clients/:id/domains": domain,
  "PUT /api/admin/domains/:id": domain,
  "POST /api/admin/clients/:id/plans": plan,
  "PUT /api/admin/plans/:id": plan,
  "PUT /api/admin/plans/:id/hours": { includedHours: 4, overageRateCents: 12_500 },
  "POST /api/admin/clients/:id/time-entries": timeEntry,
  "PATCH /api/admin/time-entries/:id": timeEntry,
  "POST /api/admin/clients/:id/timer": { note: "Fixing the contact form" },
  "PUT /api/reports/settings": { emailReports: false },
  "POST /api/admin/clients/:id/reports/:month/send": { note: "Thank you for a calm month." },
  "POST /api/admin/timer/stop": { note: "Fixed the contact form." },
  "POST /api/admin/plan-requests/:id/approve": { amountCents: 14_900 },
  "PUT /api/billing/autopay": { enabled: false },
  "PUT /api/billing/address": { billingAddress: "1204 Market Street\nTacoma, WA 98402" },
  "PUT /api/admin/clients/:id/billing-address": {
    billingAddress: "1204 Market Street\nTacoma, WA 98402",
  },
  "POST /api/billing/plan-requests": {
    requestedPlan: "Business Hosting",
    note: "We are adding the catering site.",
  },
  "POST /api/admin/invoices": {
    companyId: SOME_ID,
    lines: [{ description: "Extra landing page", quantity: 1, unitPriceCents: 45_000 }],
    dueDate: "2027-01-31",
    memo: "Thank you for your business.",
    issue: false,
  },
  "POST /api/admin/invoices/:id/payments": {
    amountCents: 100,
    paidOn: "2026-11-20",
    method: "check",
    reference: "Check 1042",
  },
  "POST /api/admin/invoices/:id/refunds": {
    paymentId: SOME_ID,
    amountCents: 100,
    method: "check",
    reference: "Check 2210",
    reason: "The menu page was dropped.",
  },
  "DELETE /api/admin/clients/:id": { confirmEmail: "demo@example.com" },
  "PATCH /api/admin/tickets/:id": { status: "resolved", priority: "low" },
  "POST /api/admin/tickets/:id/messages": { body: "We have fixed it now, thanks." },
  "POST /api/admin/tickets/:id/notes": {
    body: "Their host blocks our IP; asked them to allow it.",
  },
  "POST /api/admin/saved-replies": {
    title: "Cache cleared",
    body: "We cleared the cache; the change shows now. Reload the page to see it.",
  },
  "PUT /api/admin/saved-replies/:id": {
    title: "Cache cleared",
    body: "We cleared the site's cache; reload the page and the change is there.",
  },
  "POST /api/admin/proposals": { ...proposalDraft, companyId: SOME_ID },
  "PUT /api/admin/proposals/:id/versions/:versionId": proposalDraft,
  "POST /api/admin/proposals/:id/versions": proposalDraft,
  "POST /api/admin/leads/:id/convert": { invite: false },
  "POST /api/proposals/:id/accept": {
    versionId: SOME_ID,
    contentHash: "0".repeat(64),
    signedName: "Maria Lopez",
    agreeToTerms: true,
  },
  "POST /api/proposals/:id/decline": {
    versionId: SOME_ID,
    contentHash: "0".repeat(64),
    reason: "We found another agency.",
  },
  "POST /api/login/second-factor": { code: "123456", returnTo: "/dashboard" },
  "POST /api/login/passkey": { response: {}, returnTo: "/dashboard" },
  "PATCH /api/account": { firstName: "Jordan", lastName: "Rivera" },
  "PUT /api/account/notices": { "ticket-replies": true },
  "PUT /api/admin/bookings/availability": {
    days: [{ weekday: 1, start: "09:00", end: "17:00" }],
    bufferMinutes: 15,
  },
  // A calendar on a closed port: the read right after the save fails at once, in words.
  "PUT /api/admin/bookings/calendar": { url: "http://127.0.0.1:9/calendar.ics" },
  "POST /api/bookings": {
    startsAt: "2030-01-07T17:00:00.000Z",
    timeZone: "Europe/Berlin",
    name: "Maria Lopez",
    email: "maria@example.com",
    note: "A shop for our bakery.",
  },
  "POST /api/bookings/reschedule": {
    token: `hlb_${"a".repeat(43)}`,
    startsAt: "2030-01-07T17:00:00.000Z",
    timeZone: "Europe/Berlin",
  },
  "POST /api/bookings/cancel": { token: `hlb_${"a".repeat(43)}` },
  // A call no row has: answered 404 after the body is checked.
  "POST /api/admin/bookings/:id/move": { startsAt: "2030-01-07T17:00:00.000Z" },
  "POST /api/account/totp": { code: "123456" },
  "DELETE /api/account/totp": { code: "123456" },
  "POST /api/account/passkeys": { name: "Work laptop", response: {} },
  "PATCH /api/account/passkeys/:id": { name: "Work laptop" },
  "POST /api/admin/projects/:id/milestones": {
    name: "Design sign-off",
    status: "upcoming",
    dueDate: "2027-01-31",
    notes: "The homepage and menu pages, as in the preview.",
  },
  "PUT /api/admin/projects/:id/milestones/:milestoneId": {
    name: "Design & Development",
    status: "in-progress",
    dueDate: "2027-02-28",
    notes: "The catering order form is next.",
  },
  "POST /api/admin/projects/:id/updates": {
    body: "The homepage draft is ready for you to look at.",
    previewUrl: "https://preview.harborcoffee.com/",
  },
  "POST /api/admin/projects/:id/website": { domain: "harborcoffee.com", plan: "Starter Hosting" },
  "PUT /api/status-page": {
    enabled: true,
    name: "Harbor Coffee status",
    slug: "harbor-coffee-status",
    indexed: false,
    websiteIds: [],
  },
  "PUT /api/admin/clients/:id/status-page": {
    enabled: true,
    name: "Harbor Coffee status",
    slug: "harbor-coffee-status",
    indexed: false,
    websiteIds: [],
    customHost: "status.harborcoffee.com",
  },
  "POST /api/admin/incidents": {
    websiteId: SOME_ID,
    title: "Orders not reaching the kitchen",
    status: "investigating",
    message: "Online orders are not printing in the kitchen; we are looking into it.",
  },
  "POST /api/admin/incidents/:id/updates": {
    status: "identified",
    message: "The printer service's certificate expired; a new one is on its way.",
  },
  // A share link of the owner's website, a month from now, with a password.
  "POST /api/websites/:id/share-links": {
    name: "Dana, marketing",
    panels: ["visitors", "pages"],
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    password: "harbor-marketing-2027",
  },
  // A link's password (a token no link has: answered 404 after the body is checked).
  "POST /api/share/:token/unlock": { password: "harbor-marketing-2027" },
  // Not awaited on the seeded milestone: answered 409 after the body is checked.
  "POST /api/projects/:id/milestones/:milestoneId/answer": {
    decision: "approved",
    contentHash: "0".repeat(64),
  },
};

/**
 * The ids concreteUrl puts in: rows the test made (client: a client company; member: a user of
 * that company who is not its last owner; lead: any id of a contact message; project: the
 * company's project, and milestone: one of its milestones).
 */
export type RouteIds = {
  website: string;
  domain: string;
  ticket: string;
  /** A saved reply, changed then deleted by the walk (default: an id no saved reply has). */
  savedReply?: string;
  /** A ticket attachment (default: an id no file has). */
  attachment?: string;
  client: string;
  member: string;
  lead: string;
  /** A proposal of the client, and its draft version. */
  proposal: string;
  version: string;
  project: string;
  milestone: string;
  /**
   * Usage tokens: a website to make them for (one the walk does not remove), and a token of it
   * to revoke.
   */
  usage: { website: string; token: string };
  /** An API token to revoke (default: an id no token has). */
  apiToken?: string;
  /** A heartbeat to delete (default: an id no heartbeat has); made on the usage website. */
  heartbeat?: string;
  /** A webhook endpoint to change and delete, and a delivery (of another) to send again. */
  webhook?: string;
  webhookDelivery?: string;
  /** An incident to post an update on (default: an id no incident has). */
  incident?: string;
  /** A share link of the client's website to revoke (default: an id no link has). */
  shareLink?: string;
  /** A maintenance window of the client to cancel (default: an id no window has). */
  maintenanceWindow?: string;
  /** A monthly plan of the client. */
  plan: string;
  /** A booked call to move (to `slot`, an open one) then cancel (default: an id no call has). */
  booking?: { id: string; slot: string };
  /** A time entry to change and delete (default: an id no entry has). */
  timeEntry?: string;
  /** A plan request for each decision, so both can be made. */
  planRequests: { approve: string; decline: string };
  /**
   * An invoice for each thing done to one, in a state that allows it: drafts to issue and to
   * delete, open invoices to void, to mark uncollectible and to pay, and one the client reads.
   */
  invoices: Record<"issue" | "delete" | "void" | "uncollectible" | "payments" | "read", string> &
    /** An open invoice to remind of, and a paid one to refund, with the payment to refund. */
    Partial<Record<"reminders" | "refunds" | "refundPayment", string>>;
};

/** A route's valid body with the ids it names made real: the client's, for a new proposal. */
export function concreteBody(key: string, ids: RouteIds): Record<string, unknown> | undefined {
  const body = validBodies[key];
  if (
    key === "POST /api/admin/proposals" ||
    key === "POST /api/admin/invoices" ||
    key === "POST /api/admin/tickets"
  ) {
    return { ...body, companyId: ids.client };
  }
  if (key === "POST /api/admin/incidents" && ids.usage) {
    return { ...body, websiteId: ids.usage.website };
  }
  if (key === "POST /api/admin/clients/:id/maintenance-windows") {
    return { ...body, websiteIds: [ids.usage?.website ?? SOME_ID] };
  }
  if (key === "POST /api/admin/bookings/:id/move" && ids.booking) {
    return { startsAt: ids.booking.slot };
  }
  if (key === "POST /api/admin/invoices/:id/refunds" && ids.invoices?.refundPayment) {
    return { ...body, paymentId: ids.invoices.refundPayment };
  }
  return body;
}

/** Heartbeat URLs and share link passwords are limited per token: each walk gets its own. */
let beatTokens = 0;
let shareTokens = 0;

/** The YYYY-MM of `back` months ago (UTC). */
const lastMonths = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    .toISOString()
    .slice(0, 7);
};

export function concreteUrl(url: string, ids: RouteIds): string {
  return (
    url
      .replace("/api/heartbeats/:token", () => `/api/heartbeats/hlb_walk${++beatTokens}`)
      .replace("/api/share/:token", () => `/api/share/hls_walk${++shareTokens}`)
      .replace(
        /\/api\/(admin\/)?share-links\/:id/,
        (_m, admin = "") => `/api/${admin}share-links/${ids.shareLink ?? SOME_ID}`,
      )
      .replace(
        /\/api\/(admin\/)?websites\/:id\/share-links/,
        (_m, admin = "") => `/api/${admin}websites/${ids.website}/share-links`,
      )
      .replace("/api/admin/leads/:kind/:id", `/api/admin/leads/contact/${ids.lead}`)
      .replace("/api/admin/leads/:id/convert", `/api/admin/leads/${ids.lead}/convert`)
      .replace(
        /\/api\/(admin\/)?proposals\/:id/,
        (_m, admin = "") => `/api/${admin}proposals/${ids.proposal}`,
      )
      .replace(":versionId", ids.version)
      .replace(
        "/api/admin/websites/:id/usage-tokens",
        `/api/admin/websites/${ids.usage?.website}/usage-tokens`,
      )
      .replace("/api/admin/usage-tokens/:id", `/api/admin/usage-tokens/${ids.usage?.token}`)
      .replace("/api/admin/api-tokens/:id", `/api/admin/api-tokens/${ids.apiToken ?? SOME_ID}`)
      .replace(
        "/api/admin/websites/:id/heartbeats",
        `/api/admin/websites/${ids.usage?.website}/heartbeats`,
      )
      .replace(
        /\/api\/(admin\/)?websites\/:id\/vitals/,
        (_m, admin = "") => `/api/${admin}websites/${ids.usage?.website}/vitals`,
      )
      .replace("/api/admin/heartbeats/:id", `/api/admin/heartbeats/${ids.heartbeat ?? SOME_ID}`)
      .replace("/api/admin/webhooks/:id", `/api/admin/webhooks/${ids.webhook ?? SOME_ID}`)
      .replace(
        "/api/admin/webhook-deliveries/:id",
        `/api/admin/webhook-deliveries/${ids.webhookDelivery ?? SOME_ID}`,
      )
      .replace("/api/admin/incidents/:id", `/api/admin/incidents/${ids.incident ?? SOME_ID}`)
      .replace(
        "/api/admin/maintenance-windows/:id",
        `/api/admin/maintenance-windows/${ids.maintenanceWindow ?? SOME_ID}`,
      )
      .replace("/api/admin/time-entries/:id", `/api/admin/time-entries/${ids.timeEntry ?? SOME_ID}`)
      .replace("/api/admin/websites/:id", `/api/admin/websites/${ids.website}`)
      .replace(
        "/api/admin/saved-replies/:id",
        `/api/admin/saved-replies/${ids.savedReply ?? SOME_ID}`,
      )
      .replace("/api/admin/domains/:id", `/api/admin/domains/${ids.domain}`)
      .replace("/api/admin/bookings/:id", `/api/admin/bookings/${ids.booking?.id ?? SOME_ID}`)
      .replace("/api/websites/:id/health", `/api/websites/${ids.website}/health`)
      .replace("/api/domains/:id", `/api/domains/${ids.domain}`)
      // A file no one has: found missing once the caller is let in.
      .replace(
        /\/api\/(admin\/)?tickets\/attachments\/:id/,
        (_m, admin = "") => `/api/${admin}tickets/attachments/${ids.attachment ?? SOME_ID}`,
      )
      .replace(
        /\/api\/(admin\/)?tickets\/:id/,
        (_m, admin = "") => `/api/${admin}tickets/${ids.ticket}`,
      )
      .replace(
        /\/api\/(admin\/)?projects\/:id/,
        (_m, admin = "") => `/api/${admin}projects/${ids.project}`,
      )
      .replace(":milestoneId", ids.milestone)
      .replace(
        /\/api\/admin\/invoices\/:id\/(issue|void|uncollectible|payments|reminders|refunds)/,
        (_m, action: "issue" | "void" | "uncollectible" | "payments" | "reminders" | "refunds") =>
          `/api/admin/invoices/${ids.invoices[action] ?? SOME_ID}/${action}`,
      )
      .replace("/api/admin/invoices/:id", `/api/admin/invoices/${ids.invoices.delete}`)
      .replace("/api/invoices/:id", `/api/invoices/${ids.invoices.read}`)
      .replace("/api/admin/plans/:id", `/api/admin/plans/${ids.plan}`)
      .replace(
        /\/api\/admin\/plan-requests\/:id\/(approve|decline)/,
        (_m, decision: "approve" | "decline") =>
          `/api/admin/plan-requests/${ids.planRequests[decision]}/${decision}`,
      )
      .replace("/api/team/members/:id", `/api/team/members/${ids.member}`)
      .replace(":userId", ids.member)
      .replace("/api/admin/clients/:id", `/api/admin/clients/${ids.client}`)
      // A month that has ended, in any time zone: two months ago.
      .replace(":month", lastMonths(2))
      // Not one of the user's passkeys: found missing after the body is checked.
      .replace("/api/account/passkeys/:id", `/api/account/passkeys/${ids.member}`)
  );
}
