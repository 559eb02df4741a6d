import {
  bigint,
  customType,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Server-side sessions, in the shape connect-pg-simple reads and writes. */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (table) => [index("sessions_expire_idx").on(table.expire)],
);

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: varchar("email", { length: 254 }).notNull().unique(),
  firstName: varchar("first_name", { length: 100 }),
  lastName: varchar("last_name", { length: 100 }),
  profileImageUrl: varchar("profile_image_url", { length: 2048 }),
  isAdmin: boolean("is_admin").notNull().default(false),
  /**
   * The TOTP second factor's secret, encrypted with a key derived from SESSION_SECRET
   * (AES-256-GCM); null when TOTP is off. Never stored or sent in plain text.
   */
  totpSecretEncrypted: text("totp_secret_encrypted"),
  /** When TOTP was turned on (null: off). */
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** The time step of the last TOTP code accepted, so a code works once. */
  totpLastStep: integer("totp_last_step"),
  /** Email notices the user turned off or on, by kind (a kind not listed is on). */
  emailNotices: jsonb("email_notices").$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A client: a company whose members sign in to the portal. */
export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 200 }).notNull(),
  phone: varchar("phone", { length: 40 }),
  /** The lead this client was converted from (the lead points back with its companyId). */
  leadId: uuid("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const companyRoles = ["owner", "billing", "member"] as const;
export type CompanyRole = (typeof companyRoles)[number];

/**
 * Who belongs to a client company, and as what: owners manage the team and see billing, billing
 * members see billing, members see the rest. A person belongs to one company at most.
 */
export const companyMembers = pgTable(
  "company_members",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 20 }).$type<CompanyRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("company_members_company_id_idx").on(table.companyId),
    check("company_members_role_check", sql`${table.role} in ('owner', 'billing', 'member')`),
  ],
);

/** One-time recovery codes of a user's second factor; only a SHA-256 hash of each is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: char("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);

/** A user's passkeys (WebAuthn credentials): the public key only, never a secret. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: varchar("credential_id", { length: 1400 }).notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: varchar("name", { length: 100 }).notNull(),
    deviceType: varchar("device_type", { length: 20 }).notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);

export const websites = pgTable(
  "websites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: varchar("domain", { length: 253 }).notNull(),
    plan: varchar("plan", { length: 100 }).notNull(),
    status: varchar("status", { length: 40 }).notNull(),
    /** The address the monitor checks; null: https://<domain>/. */
    checkUrl: varchar("check_url", { length: 2048 }),
    /** Public: names the site in its analytics script tag (data-site). */
    siteKey: varchar("site_key", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (table) => [index("websites_company_id_idx").on(table.companyId)],
);

export const checkFailureCauses = ["timeout", "dns", "tls", "http", "refused", "error"] as const;
export type CheckFailureCause = (typeof checkFailureCauses)[number];

/**
 * The monitor's state of each live website. The row is also the lease that makes each check
 * happen once across instances: an instance claims a site by moving next_check_at forward in
 * the statement that selects it (FOR UPDATE SKIP LOCKED).
 */
export const siteMonitors = pgTable(
  "site_monitors",
  {
    websiteId: uuid("website_id")
      .primaryKey()
      .references(() => websites.id, { onDelete: "cascade" }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    /** "up", "down" (two failures in a row) or "unknown" (not checked yet). */
    status: varchar("status", { length: 10 }).notNull().default("unknown"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastResponseMs: integer("last_response_ms"),
    lastCause: varchar("last_cause", { length: 10 }).$type<CheckFailureCause>(),
    /** The https certificate's expiry, as last seen. */
    certExpiresAt: timestamp("cert_expires_at", { withTimezone: true }),
  },
  (table) => [
    index("site_monitors_next_check_at_idx").on(table.nextCheckAt),
    check("site_monitors_status_check", sql`${table.status} in ('up', 'down', 'unknown')`),
  ],
);

/** Every check, kept 7 days (the roll-ups keep the rest). */
export const monitorChecks = pgTable(
  "monitor_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    statusCode: integer("status_code"),
    responseMs: integer("response_ms"),
    cause: varchar("cause", { length: 10 }).$type<CheckFailureCause>(),
    certExpiresAt: timestamp("cert_expires_at", { withTimezone: true }),
  },
  (table) => [index("monitor_checks_website_checked_idx").on(table.websiteId, table.checkedAt)],
);

/**
 * Checks counted per hour (kept 90 days) and per day (kept for good): uptime over any window is
 * up / checks summed over it.
 */
export const monitorRollups = pgTable(
  "monitor_rollups",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    granularity: varchar("granularity", { length: 5 }).$type<"hour" | "day">().notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    checks: integer("checks").notNull().default(0),
    up: integer("up").notNull().default(0),
    /** Sum of the response times of the successful checks, for the average. */
    responseMsSum: bigint("response_ms_sum", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.websiteId, table.granularity, table.periodStart] }),
    check("monitor_rollups_granularity_check", sql`${table.granularity} in ('hour', 'day')`),
  ],
);

/** A time a site was down: opened on the second failure in a row, closed on recovery. */
export const monitorIncidents = pgTable(
  "monitor_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    cause: varchar("cause", { length: 10 }).$type<CheckFailureCause>().notNull(),
    /** What was seen, for people: "HTTP 503", "connection refused", ... */
    detail: varchar("detail", { length: 300 }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * When its down email was queued; null while held back (the site's last recovery email is
     * under 30 minutes old). Only an incident alerted of sends a recovery email.
     */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
  },
  (table) => [
    index("monitor_incidents_website_started_idx").on(table.websiteId, table.startedAt),
    // One open incident per site: the insert that opens it is what sends the alert, once.
    uniqueIndex("monitor_incidents_one_open_idx")
      .on(table.websiteId)
      .where(sql`${table.endedAt} is null`),
  ],
);

/**
 * Expiry warnings sent: 30, 14 and 7 days before a certificate or a domain expires, once each
 * (the primary key), for that expiry date (a renewal earns new warnings).
 */
export const expiryAlerts = pgTable(
  "expiry_alerts",
  {
    kind: varchar("kind", { length: 12 }).$type<"certificate" | "domain">().notNull(),
    /** The website (certificate) or the domain. */
    subjectId: uuid("subject_id").notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    daysBefore: smallint("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [table.kind, table.subjectId, table.expiresOn, table.daysBefore],
    }),
  ],
);

/** Today's secret for visitor hashes; yesterday's is deleted, so hashes cannot be linked across days. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: char("salt", { length: 64 }).notNull(),
});

/** A page view from a client's site, with no personal data: the visitor is a daily hash. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The UTC day the visitor hash belongs to. */
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: char("visitor_hash", { length: 32 }).notNull(),
    path: varchar("path", { length: 500 }).notNull(),
    /** The referring site's host name, when another site sent the visitor. */
    referrerHost: varchar("referrer_host", { length: 253 }),
    device: varchar("device", { length: 10 }).$type<"mobile" | "tablet" | "desktop">().notNull(),
  },
  (table) => [index("page_views_website_day_idx").on(table.websiteId, table.day)],
);

/**
 * A site's page views and unique visitors on one finished UTC day, counted once from page_views
 * (analytics/rollup.ts), so the 30-day figures every dashboard read shows sum 30 rows instead of
 * counting thousands of views. Days not rolled up yet are counted from page_views.
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [primaryKey({ columns: [table.websiteId, table.day] })],
);

/** Bytes a site served on a day, as the hosting side reports them; a second report replaces the first. */
export const bandwidthUsage = pgTable(
  "bandwidth_usage",
  {
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.websiteId, table.day] }),
    check("bandwidth_usage_bytes_check", sql`${table.bytes} >= 0`),
  ],
);

/** A token the hosting side reports one site's usage with; only its SHA-256 is kept. */
export const usageTokens = pgTable(
  "usage_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    websiteId: uuid("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("usage_tokens_website_id_idx").on(table.websiteId)],
);

export const domains = pgTable(
  "domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    domain: varchar("domain", { length: 253 }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("domains_company_id_idx").on(table.companyId)],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The member who opened it. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: varchar("subject", { length: 200 }).notNull(),
    status: varchar("status", { length: 40 }).notNull(),
    priority: varchar("priority", { length: 40 }).notNull(),
    /** The client's website the ticket is about, if any. */
    websiteId: uuid("website_id").references(() => websites.id, { onDelete: "set null" }),
    /** The staff member the ticket is assigned to, if any. */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** Secret part of the ticket's reply address, support+<token>@...: unguessable, never reused. */
    replyToken: varchar("reply_token", { length: 32 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When staff should have answered first, from the company's plan when the ticket opened. */
    firstResponseDueAt: timestamp("first_response_due_at", { withTimezone: true }),
    /** When staff first replied; null until then. */
    firstRespondedAt: timestamp("first_responded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("support_tickets_company_id_idx").on(table.companyId),
    index("support_tickets_user_id_idx").on(table.userId),
    index("support_tickets_assignee_id_idx").on(table.assigneeId),
  ],
);

/** The thread of a support ticket: the client's opening message and every reply after it. */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: text("body").notNull(),
    /** How it arrived: typed in the portal ("web") or sent as an email reply ("email"). */
    source: varchar("source", { length: 10 }).notNull().default("web"),
    /** Emailed from an address whose domain did not vouch for it (no DMARC alignment). */
    senderUnverified: boolean("sender_unverified").notNull().default(false),
    /** A staff note for staff only: never shown, emailed or told to the client. */
    internal: boolean("internal").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("ticket_messages_ticket_id_idx").on(table.ticketId)],
);

/** Answers staff write often, shared by all of staff, to insert into a ticket reply. */
export const savedReplies = pgTable("saved_replies", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: varchar("title", { length: 100 }).notNull(),
  body: text("body").notNull(),
  /** Who wrote it last; null once their account is gone. */
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Raw bytes: Buffer on node-postgres, Uint8Array on PGlite, Buffer to the app either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * A file on a ticket message. Uploaded first (message_id null, owned by its uploader), then
 * attached when the message is sent; unattached uploads are deleted after a day. The bytes live
 * in the row (content) or, when S3 is configured, in the bucket under storage_key.
 */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").references(() => ticketMessages.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    /** Detected from the content, not from the name. */
    contentType: varchar("content_type", { length: 100 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    storage: varchar("storage", { length: 10 }).notNull(),
    storageKey: varchar("storage_key", { length: 300 }),
    content: bytea("content"),
    /** A small JPEG/PNG/WebP preview for images, kept in the row whatever the storage. */
    thumbnail: bytea("thumbnail"),
    createdAt: createdAt(),
  },
  (table) => [
    index("ticket_attachments_message_id_idx").on(table.messageId),
    index("ticket_attachments_pending_idx")
      .on(table.uploadedBy, table.createdAt)
      .where(sql`${table.messageId} is null`),
    check("ticket_attachments_storage_check", sql`${table.storage} in ('database', 's3')`),
    check(
      "ticket_attachments_size_check",
      sql`${table.sizeBytes} between 0 and ${sql.raw(String(MAX_ATTACHMENT_BYTES))}`,
    ),
  ],
);

/**
 * Every email that reached the support address, and what became of it: a reply added, a ticket
 * opened, or rejected with the reason. An accepted mail's Message-ID, per sender, makes a
 * redelivered copy count once; a refused one reserves nothing, so a stranger cannot block a
 * genuine message by sending its Message-ID first.
 */
export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageIdHeader: varchar("message_id_header", { length: 998 }).notNull(),
    fromAddress: varchar("from_address", { length: 254 }).notNull(),
    /** The From was proven (DMARC alignment, or the provider's webhook); false: not, or unread. */
    senderVerified: boolean("sender_verified").notNull().default(false),
    toAddress: varchar("to_address", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 998 }).notNull(),
    outcome: varchar("outcome", { length: 20 }).notNull(),
    reason: text("reason"),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("inbound_emails_created_at_idx").on(table.createdAt),
    // A forged copy filed unverified never stands in for the genuine one, nor the other way.
    uniqueIndex("inbound_emails_accepted_idx")
      .on(table.fromAddress, table.messageIdHeader, table.senderVerified)
      .where(sql`${table.outcome} <> 'rejected'`),
    check(
      "inbound_emails_outcome_check",
      sql`${table.outcome} in ('reply', 'new-ticket', 'rejected')`,
    ),
  ],
);

/**
 * A user's in-app notice (the bell). dedupe_key names the event, so an event retried or seen by
 * two instances makes one notice per user.
 */
export const notices = pgTable(
  "notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 40 }).notNull(),
    /** The client company it is about: erasing the company erases staff's notices about it too. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 300 }).notNull(),
    body: text("body"),
    /** The portal or back-office path the notice opens. */
    link: varchar("link", { length: 500 }),
    dedupeKey: varchar("dedupe_key", { length: 200 }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("notices_user_dedupe_idx").on(table.userId, table.dedupeKey),
    index("notices_user_created_idx").on(table.userId, table.createdAt),
    index("notices_company_id_idx").on(table.companyId),
    index("notices_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * A client company's account with the payment provider: the Stripe customer, the display details
 * of the card saved there (never a card number: the card lives with Stripe, and these fields are
 * written only from Stripe's answers), and whether that card pays recurring invoices by itself.
 */
export const billingAccounts = pgTable("billing_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyId: uuid("company_id")
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: "cascade" }),
  stripeCustomerId: varchar("stripe_customer_id", { length: 255 }).unique(),
  stripePaymentMethodId: varchar("stripe_payment_method_id", { length: 255 }),
  cardBrand: varchar("card_brand", { length: 40 }),
  cardLast4: char("card_last4", { length: 4 }),
  cardExpMonth: smallint("card_exp_month"),
  cardExpYear: smallint("card_exp_year"),
  /** The client opted in to have the saved card pay recurring invoices when they are issued. */
  autopay: boolean("autopay").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const recurringPlanStatuses = ["active", "cancelled"] as const;

/**
 * A monthly plan a client pays for (hosting, maintenance): invoiced on its billing day each
 * month, from the month it starts, exactly once per month (a unique period per plan).
 */
export const recurringPlans = pgTable(
  "recurring_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The day of the month it is invoiced: 1 to 28, so every month has it. */
    billingDay: smallint("billing_day").notNull(),
    /** The first day it may be invoiced. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("recurring_plans_company_id_idx").on(table.companyId),
    check("recurring_plans_status_check", sql`${table.status} in ('active', 'cancelled')`),
    check("recurring_plans_billing_day_check", sql`${table.billingDay} between 1 and 28`),
    check("recurring_plans_amount_check", sql`${table.amountCents} >= 0`),
  ],
);

/**
 * A client's request to change plan, from the Billing tab: the catalogue plan they want; staff
 * approve it with a price (the catalogue gives ranges), and the plan's next invoice uses it.
 */
export const planChangeRequests = pgTable(
  "plan_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The plan to change; null asks for a new plan beside the others. */
    planId: uuid("plan_id").references(() => recurringPlans.id, { onDelete: "set null" }),
    requestedPlan: varchar("requested_plan", { length: 100 }).notNull(),
    note: text("note"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** pending, approved or declined. */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** The monthly price staff approved it at. */
    approvedAmountCents: integer("approved_amount_cents"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("plan_change_requests_company_id_idx").on(table.companyId, table.createdAt),
    check(
      "plan_change_requests_status_check",
      sql`${table.status} in ('pending', 'approved', 'declined')`,
    ),
  ],
);

/** One line of an invoice: money in integer cents. */
export type InvoiceLine = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
};

/**
 * An invoice. Its number (HL-2026-0001) is given when it is issued, from a counter per year, in
 * the issuing transaction, so numbers have no gaps. Totals are stored as issued; what was paid
 * follows its payments, in the same transaction as each.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: varchar("number", { length: 20 }).unique(),
    /** draft, open, paid, void or uncollectible. */
    status: varchar("status", { length: 20 }).notNull().default("draft"),
    /** manual, deposit, midpoint, completion (a proposal's payment plan) or recurring. */
    source: varchar("source", { length: 20 }).notNull(),
    proposalId: uuid("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    recurringPlanId: uuid("recurring_plan_id").references(() => recurringPlans.id, {
      onDelete: "set null",
    }),
    /** The month a recurring invoice is for: from its billing date to the day before the next. */
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** The tax rate in millionths (parts per million): 10.1% is 101000. */
    taxRatePpm: integer("tax_rate_ppm").notNull().default(0),
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** Payments less refunds, kept with each payment in its transaction. */
    paidCents: bigint("paid_cents", { mode: "number" }).notNull().default(0),
    /** What its credit notes gave back: no longer owed (what is due is total - credited - paid). */
    creditedCents: bigint("credited_cents", { mode: "number" }).notNull().default(0),
    memo: text("memo"),
    issueDate: date("issue_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** When the saved card was asked to pay it (autopay), so it is asked once. */
    autopayAttemptedAt: timestamp("autopay_attempted_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("invoices_company_id_idx").on(table.companyId, table.createdAt),
    index("invoices_status_due_idx").on(table.status, table.dueDate),
    // A payment-plan part is invoiced once per proposal, a recurring plan once per period.
    uniqueIndex("invoices_proposal_part_idx")
      .on(table.proposalId, table.source)
      .where(sql`${table.proposalId} is not null`),
    uniqueIndex("invoices_plan_period_idx")
      .on(table.recurringPlanId, table.periodStart)
      .where(sql`${table.recurringPlanId} is not null`),
    check(
      "invoices_status_check",
      sql`${table.status} in ('draft', 'open', 'paid', 'void', 'uncollectible')`,
    ),
    check(
      "invoices_source_check",
      sql`${table.source} in ('manual', 'deposit', 'midpoint', 'completion', 'recurring')`,
    ),
    check(
      "invoices_total_check",
      sql`${table.subtotalCents} + ${table.taxCents} = ${table.totalCents}`,
    ),
    check("invoices_number_check", sql`${table.status} = 'draft' or ${table.number} is not null`),
  ],
);

/** The last invoice number given in each year: one row per year, locked while a number is taken. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * Money received for an invoice or given back: payments (by card through Stripe, or recorded by
 * staff), failed card payments (kept to show the client, counted nowhere) and refunds.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** payment or refund. */
    kind: varchar("kind", { length: 20 }).notNull().default("payment"),
    /** succeeded or failed. */
    status: varchar("status", { length: 20 }).notNull().default("succeeded"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** card, bank-transfer, check, cash or other. */
    method: varchar("method", { length: 20 }).notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** The check number, the transfer's reference, or Stripe's payment or refund id. */
    reference: varchar("reference", { length: 255 }),
    failureMessage: varchar("failure_message", { length: 500 }),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("payments_invoice_id_idx").on(table.invoiceId),
    index("payments_company_id_idx").on(table.companyId, table.createdAt),
    // One row per Stripe payment or refund, however often its event arrives.
    uniqueIndex("payments_card_reference_idx")
      .on(table.kind, table.reference)
      .where(sql`${table.method} = 'card' and ${table.status} = 'succeeded'`),
    check("payments_kind_check", sql`${table.kind} in ('payment', 'refund')`),
    check("payments_status_check", sql`${table.status} in ('succeeded', 'failed')`),
    check(
      "payments_method_check",
      sql`${table.method} in ('card', 'bank-transfer', 'check', 'cash', 'other')`,
    ),
    check("payments_amount_check", sql`${table.amountCents} > 0`),
  ],
);

/** The last credit note number given in each year, taken as invoice numbers are. */
export const creditNoteCounters = pgTable("credit_note_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * A credit note (CN-2026-0001): the document of a refund staff made, by Stripe or recorded, for
 * part or all of one payment of an invoice. Numbered without gaps in the refund's transaction.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: varchar("number", { length: 20 }).notNull().unique(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The payment given back, and the refund row that gave it back. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    refundId: uuid("refund_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reason: varchar("reason", { length: 500 }),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_notes_invoice_id_idx").on(table.invoiceId),
    index("credit_notes_payment_id_idx").on(table.paymentId),
    check("credit_notes_amount_check", sql`${table.amountCents} > 0`),
  ],
);
export type CreditNote = typeof creditNotes.$inferSelect;

/** Stripe events already acted on: the webhook acts once per event id. */
export const stripeEvents = pgTable("stripe_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  type: varchar("type", { length: 100 }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Reminders sent for an invoice: one row per stage (0, 7 or 14 days past due), so each goes once. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    daysPastDue: smallint("days_past_due").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.daysPastDue] })],
);

/** Single-use email sign-in links; only a hash of the token is kept. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    email: varchar("email", { length: 254 }).notNull(),
    /** The page of this site to open after signing in (a path, never another origin). */
    returnTo: varchar("return_to", { length: 500 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("login_tokens_expires_at_idx").on(table.expiresAt)],
);

/**
 * What a visitor sends the agency, one row per lead whatever the form: a contact message (kind
 * "contact": subject and message) or a project application (kind "application", the form at
 * /apply: phone, company, project type, budget, timeline and description). A column of the
 * other kind stays null; the checks keep each kind's required fields filled.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 20 }).$type<"contact" | "application">().notNull(),
    /** The short reference (HL-XXXXX) a visitor is given to quote back to the agency. */
    reference: varchar("reference", { length: 16 }).notNull().unique(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    /** Where the lead stands in the agency's pipeline; every lead starts as "new". */
    status: varchar("status", { length: 20 }).notNull().default("new"),
    // A contact message's fields.
    subject: varchar("subject", { length: 200 }),
    message: text("message"),
    // A project application's fields.
    phone: varchar("phone", { length: 40 }),
    company: varchar("company", { length: 200 }),
    projectType: varchar("project_type", { length: 40 }),
    budget: varchar("budget", { length: 40 }),
    timeline: varchar("timeline", { length: 40 }),
    description: text("description"),
    /** The client company this lead became (or was linked to) when staff converted it. */
    companyId: uuid("company_id").references((): AnyPgColumn => companies.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("leads_kind_check", sql`${table.kind} in ('contact', 'application')`),
    check(
      "leads_contact_fields_check",
      sql`${table.kind} <> 'contact'
          or (${table.subject} is not null and ${table.message} is not null)`,
    ),
    check(
      "leads_application_fields_check",
      sql`${table.kind} <> 'application'
          or (${table.projectType} is not null and ${table.description} is not null)`,
    ),
    // The inbox: newest first, as it orders (created_at desc, id), which is also where each batch
    // of the export goes on from. (Nulls first is what "desc" means in an order by.)
    index("leads_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id),
    // The inbox filtered by status, in the same order.
    index("leads_status_created_at_idx").on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    // A client's leads, for a privacy export or erasure.
    index("leads_email_idx").on(table.email),
  ],
);

/** Staff's internal notes on a lead; they go with their lead. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("lead_notes_lead_id_idx").on(table.leadId)],
);

export type LeadNote = typeof leadNotes.$inferSelect;

/** One line of a proposal: from the pricing catalogue or written freely; money in cents. */
export type ProposalLine = {
  description: string;
  /** The catalogue's size for the line ("5-10 pages"), when it came from there. */
  detail: string | null;
  /** The pricing plan it was picked from (src/content/pricing.ts), or null for a free line. */
  planId: string | null;
  /** One-off work (the build) or a monthly charge (hosting, maintenance). */
  billing: "one-off" | "monthly";
  quantity: number;
  unitPriceCents: number;
};

/** The agency's terms as a version was sent with them (src/content/terms.ts), section by section. */
export type ProposalTermsSection = { heading: string; paragraphs: string[] };

/**
 * A proposal for a lead or a client. What it says lives in its versions: a sent version is
 * frozen, and a change makes a new version. The status follows the latest sent version.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** draft (never sent), sent, accepted or declined. */
    status: varchar("status", { length: 20 }).notNull().default("draft"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "proposals_status_check",
      sql`${table.status} in ('draft', 'sent', 'accepted', 'declined')`,
    ),
    check(
      "proposals_owner_check",
      sql`${table.companyId} is not null or ${table.leadId} is not null`,
    ),
    index("proposals_company_id_idx").on(table.companyId),
    index("proposals_lead_id_idx").on(table.leadId),
  ],
);

/** One version of a proposal. Totals and the payment plan are stored as sent, in cents. */
export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    /** 1, 2, 3, ... within the proposal. */
    version: integer("version").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    /** The scope of work, in Markdown (rendered without raw HTML). */
    scope: text("scope").notNull(),
    lines: jsonb("lines").$type<ProposalLine[]>().notNull(),
    oneOffCents: bigint("one_off_cents", { mode: "number" }).notNull(),
    monthlyCents: bigint("monthly_cents", { mode: "number" }).notNull(),
    /** The seed's payment plan of the one-off total: 50% deposit, 25% mid-point, 25% completion. */
    depositCents: bigint("deposit_cents", { mode: "number" }).notNull(),
    midpointCents: bigint("midpoint_cents", { mode: "number" }).notNull(),
    completionCents: bigint("completion_cents", { mode: "number" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /**
     * The agency's terms as sent with this version, copied from the content when it is sent so
     * a later edit of the content never changes what a client read. Null while a draft, and for
     * a version sent before proposals carried terms.
     */
    terms: jsonb("terms").$type<ProposalTermsSection[]>(),
    /** When it was sent to the client; from then on it is frozen. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("proposal_versions_proposal_version_idx").on(table.proposalId, table.version),
    check(
      "proposal_versions_plan_check",
      sql`${table.depositCents} + ${table.midpointCents} + ${table.completionCents} = ${table.oneOffCents}`,
    ),
  ],
);

/**
 * The client's answer to a sent version: accepted (with the name they typed) or declined (with
 * a reason), with who, when, from where, and a SHA-256 of the exact version they were shown.
 */
export const proposalResponses = pgTable(
  "proposal_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .unique()
      .references(() => proposalVersions.id, { onDelete: "cascade" }),
    decision: varchar("decision", { length: 20 }).$type<"accepted" | "declined">().notNull(),
    signedName: varchar("signed_name", { length: 200 }),
    reason: text("reason"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: varchar("user_email", { length: 254 }).notNull(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: varchar("user_agent", { length: 500 }),
    contentHash: char("content_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("proposal_responses_decision_check", sql`${table.decision} in ('accepted', 'declined')`),
  ],
);

/** A client's project, opened when they accept a proposal. */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    proposalId: uuid("proposal_id")
      .unique()
      .references(() => proposals.id, { onDelete: "set null" }),
    name: varchar("name", { length: 200 }).notNull(),
    /** active (being built), launched, or cancelled. */
    status: varchar("status", { length: 20 }).notNull().default("active"),
    /** The website row staff created at launch, so hosting follows the build. */
    websiteId: uuid("website_id").references(() => websites.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("projects_company_id_idx").on(table.companyId),
    check("projects_status_check", sql`${table.status} in ('active', 'launched', 'cancelled')`),
  ],
);

export const milestoneStatuses = ["upcoming", "in-progress", "waiting-on-client", "done"] as const;

/** A step of a project (Discovery Call, Design & Development, Launch & Optimize, ...). */
export const projectMilestones = pgTable(
  "project_milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("upcoming"),
    dueDate: date("due_date", { mode: "string" }),
    /** Notes the client reads. */
    notes: text("notes"),
    /** When staff last asked the client to approve it (null: no approval asked). */
    approvalRequestedAt: timestamp("approval_requested_at", { withTimezone: true }),
    /**
     * The part of the proposal's payment plan invoiced when this step is done: "midpoint" or
     * "completion" (the deposit is invoiced on acceptance), or null.
     */
    invoiceStage: varchar("invoice_stage", { length: 20 }).$type<"midpoint" | "completion">(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("project_milestones_project_id_idx").on(table.projectId, table.position),
    check(
      "project_milestones_status_check",
      sql`${table.status} in ('upcoming', 'in-progress', 'waiting-on-client', 'done')`,
    ),
  ],
);

/**
 * The client's answer to a milestone's approval request, recorded like a proposal's acceptance:
 * who, when, from where, and a SHA-256 of the milestone as they saw it.
 */
export const milestoneApprovals = pgTable(
  "milestone_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => projectMilestones.id, { onDelete: "cascade" }),
    decision: varchar("decision", { length: 20 })
      .$type<"approved" | "changes-requested">()
      .notNull(),
    comment: text("comment"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: varchar("user_email", { length: 254 }).notNull(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: varchar("user_agent", { length: 500 }),
    contentHash: char("content_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("milestone_approvals_milestone_id_idx").on(table.milestoneId, table.createdAt),
    check(
      "milestone_approvals_decision_check",
      sql`${table.decision} in ('approved', 'changes-requested')`,
    ),
  ],
);

/** What staff post on a project's timeline: text, and a preview link if there is one. */
export const projectUpdates = pgTable(
  "project_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    previewUrl: varchar("preview_url", { length: 2048 }),
    createdAt: createdAt(),
  },
  (table) => [index("project_updates_project_id_idx").on(table.projectId, table.createdAt)],
);

/** A file an email carries. */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * Every email, written in the same transaction as the event that causes it and sent later by
 * the outbox worker, so no event is lost when mail is down.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What caused it, for staff: lead-notification, lead-acknowledgement, sign-in-link, ... */
    kind: varchar("kind", { length: 40 }).notNull(),
    to: varchar("to", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Files sent with it (an invoice's PDF), base64, as they were when it was queued. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    /** pending (to send, maybe after a failure), sent, or failed (gave up after the last try). */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** Which emails go first when there is a backlog: the lower, the sooner (set from the kind). */
    priority: smallint("priority").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    /** When the next try may start; a worker that claims a row moves it ahead as a lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The worker claims pending rows in this order; sent rows, the bulk of the table, stay out of it.
  (table) => [
    index("outbox_emails_due_idx")
      .on(table.priority, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * What staff changed and what happened to accounts' security: appended, never updated or deleted
 * (a trigger refuses both). No foreign keys: a row outlives the user, company or object it names,
 * so it keeps the actor's email as it was.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What happened, e.g. "lead.status-changed", "auth.signed-in", "passkey.added". */
    action: varchar("action", { length: 60 }).notNull(),
    actorId: uuid("actor_id"),
    actorEmail: varchar("actor_email", { length: 254 }),
    actorIsStaff: boolean("actor_is_staff").notNull().default(false),
    /** The kind and id of the object acted on: "lead", "website", "session", ... */
    targetType: varchar("target_type", { length: 40 }),
    targetId: varchar("target_id", { length: 100 }),
    /** The client company the event concerns, when there is one: what filters a client's log. */
    companyId: uuid("company_id"),
    /** The client address the request came from (behind a trusted proxy, the visitor's). */
    ipAddress: varchar("ip_address", { length: 64 }),
    /** Changed fields only: their values before and after. */
    changes: jsonb("changes").$type<{
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    }>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_events_created_at_idx").on(table.createdAt),
    index("audit_events_company_idx").on(table.companyId, table.createdAt),
    index("audit_events_actor_idx").on(table.actorId, table.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;

export type OutboxEmail = typeof outboxEmails.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type User = typeof users.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type Company = typeof companies.$inferSelect;
export type Website = typeof websites.$inferSelect;
export type Domain = typeof domains.$inferSelect;
export type SupportTicket = typeof supportTickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;
export type SavedReply = typeof savedReplies.$inferSelect;
export type TicketAttachment = typeof ticketAttachments.$inferSelect;
export type InboundEmail = typeof inboundEmails.$inferSelect;
export type Notice = typeof notices.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
export type ProposalVersion = typeof proposalVersions.$inferSelect;
export type ProposalResponse = typeof proposalResponses.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ProjectMilestone = typeof projectMilestones.$inferSelect;
export type MilestoneApproval = typeof milestoneApprovals.$inferSelect;
export type ProjectUpdate = typeof projectUpdates.$inferSelect;
export type BillingAccount = typeof billingAccounts.$inferSelect;
export type RecurringPlan = typeof recurringPlans.$inferSelect;
export type PlanChangeRequest = typeof planChangeRequests.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Payment = typeof payments.$inferSelect;
