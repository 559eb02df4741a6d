import { check, index, pgTable, text, uuid, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";

/**
 * The agency's clients: companies and their members, and the leads they come from. Leads sit
 * here with companies because each points at the other (a lead converted into a company).
 */

/** A client: a company whose members sign in to the portal. */
export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 200 }).notNull(),
  phone: varchar("phone", { length: 40 }),
  /**
   * Where the company is billed, as it should read on invoices: a few lines (street, city and
   * postal code, country), or null when none was given.
   */
  billingAddress: varchar("billing_address", { length: 400 }),
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

export type Company = typeof companies.$inferSelect;

export type Lead = typeof leads.$inferSelect;
