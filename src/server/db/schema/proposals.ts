import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies, leads } from "./clients";
import { createdAt, updatedAt } from "./columns";

/** Proposals, their versions, and the client's answers. */

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

export type Proposal = typeof proposals.$inferSelect;

export type ProposalVersion = typeof proposalVersions.$inferSelect;

export type ProposalResponse = typeof proposalResponses.$inferSelect;
