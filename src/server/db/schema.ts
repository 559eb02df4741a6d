import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
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
    monthlyVisitors: integer("monthly_visitors").notNull().default(0),
    uptimePercent: numeric("uptime_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(100),
    bandwidthGb: numeric("bandwidth_gb", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    createdAt: createdAt(),
  },
  (table) => [index("websites_company_id_idx").on(table.companyId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("support_tickets_company_id_idx").on(table.companyId),
    index("support_tickets_user_id_idx").on(table.userId),
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
    createdAt: createdAt(),
  },
  (table) => [index("ticket_messages_ticket_id_idx").on(table.ticketId)],
);

/**
 * A client's plan and the display details of their payment method. Never a full card number:
 * the card itself lives with the payment processor.
 */
export const billingAccounts = pgTable("billing_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyId: uuid("company_id")
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: "cascade" }),
  plan: varchar("plan", { length: 100 }).notNull(),
  monthlyCostCents: integer("monthly_cost_cents").notNull(),
  nextBillingDate: date("next_billing_date", { mode: "string" }),
  cardBrand: varchar("card_brand", { length: 40 }),
  cardLast4: char("card_last4", { length: 4 }),
  cardExpMonth: smallint("card_exp_month"),
  cardExpYear: smallint("card_exp_year"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
export type Lead = typeof leads.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
export type ProposalVersion = typeof proposalVersions.$inferSelect;
export type ProposalResponse = typeof proposalResponses.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ProjectMilestone = typeof projectMilestones.$inferSelect;
export type MilestoneApproval = typeof milestoneApprovals.$inferSelect;
export type ProjectUpdate = typeof projectUpdates.$inferSelect;
