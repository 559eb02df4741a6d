import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies } from "./clients";
import { createdAt, updatedAt } from "./columns";
import { proposals } from "./proposals";
import { websites } from "./websites";

/** A client's projects: milestones, their approvals, and the timeline's updates. */

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

export type Project = typeof projects.$inferSelect;

export type ProjectMilestone = typeof projectMilestones.$inferSelect;

export type MilestoneApproval = typeof milestoneApprovals.$inferSelect;

export type ProjectUpdate = typeof projectUpdates.$inferSelect;
