import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { companies } from "./clients";
import { createdAt, updatedAt } from "./columns";
import { proposals } from "./proposals";

/** Billing: the payment account, recurring plans, invoices, payments, credit notes and reminders. */

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
    /**
     * A maintenance plan's hours included each month, in minutes, and the rate of each hour
     * beyond them: null takes the catalogue's default (src/content/care-hours.ts).
     */
    includedMinutes: integer("included_minutes"),
    overageRateCents: integer("overage_rate_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("recurring_plans_company_id_idx").on(table.companyId),
    check(
      "recurring_plans_hours_check",
      sql`coalesce(${table.includedMinutes}, 0) >= 0 and coalesce(${table.overageRateCents}, 0) >= 0`,
    ),
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
    /**
     * manual, deposit, midpoint, completion (a proposal's payment plan), recurring, or overage
     * (a maintenance plan's hours beyond those included, drafted at the month's end).
     */
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
    // A month's extra hours are drafted once per client.
    uniqueIndex("invoices_overage_month_idx")
      .on(table.companyId, table.periodStart)
      .where(sql`${table.source} = 'overage'`),
    check(
      "invoices_status_check",
      sql`${table.status} in ('draft', 'open', 'paid', 'void', 'uncollectible')`,
    ),
    check(
      "invoices_source_check",
      sql`${table.source} in ('manual', 'deposit', 'midpoint', 'completion', 'recurring', 'overage')`,
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

export type BillingAccount = typeof billingAccounts.$inferSelect;

export type RecurringPlan = typeof recurringPlans.$inferSelect;

export type PlanChangeRequest = typeof planChangeRequests.$inferSelect;

export type Invoice = typeof invoices.$inferSelect;

export type Payment = typeof payments.$inferSelect;
