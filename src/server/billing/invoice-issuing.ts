import { and, eq, sql } from "drizzle-orm";
import { recordWebhookEvent } from "../webhooks/events";
import { invoicePrefix } from "@content/billing";
import { customPricing } from "@content/pricing";
import { NET_DAYS, type InvoiceSource } from "@shared/schemas/billing";
import { addDays, dayOf, invoiceTotals } from "@shared/invoice-math";
import type { DbExecutor } from "../db/client";
import {
  creditNoteCounters,
  invoiceCounters,
  invoices,
  proposalResponses,
  proposals,
  proposalVersions,
  type Invoice,
  type InvoiceLine,
} from "../db/schema";
import { conflict, ok, type Outcome } from "../domain-failure";
import { noticeInvoiceIssued } from "./invoice-emails";
import { findInvoice, withLockedInvoice } from "./invoice-reading";
import { invoiceMessages } from "@shared/schemas/billing";
import type { BillingOptions } from "./settings";

/*
 * Creating invoices and issuing them (numbered without gaps, emailed with their PDF), deleting a
 * draft, closing an open one; and invoicing the payment plan of an accepted proposal.
 */

/**
 * The next number of a year from a counter table (invoices' HL-2026-0001, credit notes'
 * CN-2026-0001): the year's counter row is locked until the caller's transaction ends, so
 * concurrent issuers (on any instance) take turns, and a transaction that rolls back gives its
 * number back. Hence no gaps and no duplicates.
 */
export async function nextNumber(
  tx: DbExecutor,
  counters: typeof invoiceCounters | typeof creditNoteCounters,
  prefix: string,
  year: number,
): Promise<string> {
  // Both tables have the same columns.
  const table = counters as typeof invoiceCounters;
  const [counter] = await tx
    .insert(table)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: table.year,
      set: { lastNumber: sql`${table.lastNumber} + 1` },
    })
    .returning({ lastNumber: table.lastNumber });
  if (!counter) throw new Error("no number was given");
  return `${prefix}-${year}-${String(counter.lastNumber).padStart(4, "0")}`;
}

export const nextInvoiceNumber = (tx: DbExecutor, year: number) =>
  nextNumber(tx, invoiceCounters, invoicePrefix, year);

export type NewInvoiceRow = {
  companyId: string;
  source: InvoiceSource;
  lines: { description: string; quantity: number; unitPriceCents: number }[];
  memo?: string | null;
  dueDate?: string | null;
  proposalId?: string | null;
  recurringPlanId?: string | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  createdBy?: string | null;
};

/**
 * Creates an invoice in the caller's transaction, as a draft or issued at once. Undefined when
 * the invoice already exists: a payment-plan part or a plan's period is invoiced only once,
 * whoever gets there first (another instance, a retry).
 */
export async function createInvoice(
  tx: DbExecutor,
  input: NewInvoiceRow,
  { issue, issueDate, ...options }: BillingOptions & { issue: boolean; issueDate?: string },
): Promise<Invoice | undefined> {
  const lines: InvoiceLine[] = input.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.quantity * line.unitPriceCents,
  }));
  const taxRatePpm = options.settings.taxRatePpm;
  const [draft] = await tx
    .insert(invoices)
    .values({
      companyId: input.companyId,
      source: input.source,
      lines,
      taxRatePpm,
      ...invoiceTotals(lines, taxRatePpm),
      memo: input.memo ?? null,
      dueDate: input.dueDate ?? null,
      proposalId: input.proposalId ?? null,
      recurringPlanId: input.recurringPlanId ?? null,
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!draft || !issue) return draft;
  return issueInvoiceRow(tx, draft, { ...options, ...(issueDate ? { issueDate } : {}) });
}

/**
 * Issues a draft in the caller's transaction: numbered, dated (due NET_DAYS later unless a due
 * date was set), open (or paid at once when it comes to nothing), and emailed with its PDF to
 * the company's owners and billing members.
 */
export async function issueInvoiceRow(
  tx: DbExecutor,
  draft: Invoice,
  { settings, now = new Date(), issueDate = dayOf(now) }: BillingOptions & { issueDate?: string },
): Promise<Invoice> {
  const number = await nextInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
  const dueDate =
    draft.dueDate && draft.dueDate >= issueDate ? draft.dueDate : addDays(issueDate, NET_DAYS);
  const nothingOwed = draft.totalCents === 0;
  const [issued] = await tx
    .update(invoices)
    .set({
      number,
      status: nothingOwed ? "paid" : "open",
      issueDate,
      dueDate,
      ...(nothingOwed ? { paidAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, draft.id))
    .returning();
  if (!issued) throw new Error("the invoice was not issued");
  await noticeInvoiceIssued(tx, issued, { settings, now });
  const staffView = { staff: true as const };
  await recordWebhookEvent(
    tx,
    "invoice.issued",
    await findInvoice(tx, issued.id, staffView, { settings, now }),
    { companyId: issued.companyId },
  );
  if (nothingOwed) {
    await recordWebhookEvent(
      tx,
      "invoice.paid",
      await findInvoice(tx, issued.id, staffView, { settings, now }),
      { companyId: issued.companyId },
    );
  }
  return issued;
}

/** Staff issue a draft. */
export async function issueDraft(
  db: DbExecutor,
  id: string,
  options: BillingOptions,
): Promise<Outcome<{ before: Invoice; after: Invoice }>> {
  return withLockedInvoice(db, id, async (tx, before) => {
    if (before.status !== "draft") return conflict(invoiceMessages.notDraft);
    return ok({ before, after: await issueInvoiceRow(tx, before, options) });
  });
}

/** Staff delete a draft (an issued invoice is voided instead, so its number stays accounted for). */
export async function deleteDraft(db: DbExecutor, id: string): Promise<Outcome<Invoice>> {
  return withLockedInvoice(db, id, async (tx, draft) => {
    if (draft.status !== "draft") return conflict(invoiceMessages.notDraft);
    await tx.delete(invoices).where(eq(invoices.id, id));
    return ok(draft);
  });
}

/**
 * Staff void an open invoice with nothing paid (it stays, numbered, marked void) or mark it
 * uncollectible (owed, but not expected: it leaves the outstanding balance and reminders stop).
 */
export async function closeInvoice(
  db: DbExecutor,
  id: string,
  status: "void" | "uncollectible",
  now = new Date(),
): Promise<Outcome<{ before: Invoice; after: Invoice }>> {
  return withLockedInvoice(db, id, async (tx, before) => {
    if (before.status !== "open") return conflict(invoiceMessages.notOpen(before.status));
    if (status === "void" && before.paidCents !== 0) return conflict(invoiceMessages.hasPayments);
    const [after] = await tx
      .update(invoices)
      .set({ status, ...(status === "void" ? { voidedAt: now } : {}), updatedAt: now })
      .where(eq(invoices.id, id))
      .returning();
    return ok({ before, after: after! });
  });
}

/* ---------------------------------------------------------------------------------------------
 * The payment plan of an accepted proposal.
 * ------------------------------------------------------------------------------------------- */

export type PaymentPlanPart = "deposit" | "midpoint" | "completion";

/** "50% deposit", "25% at mid-point", "25% on completion", as the pricing page names them. */
function partLabel(part: PaymentPlanPart): string {
  const index = { deposit: 0, midpoint: 1, completion: 2 }[part];
  const stage = customPricing.payment[index];
  return stage ? `${stage.share} ${stage.label}` : part;
}

/**
 * Invoices one part of an accepted proposal's payment plan, in the caller's transaction, and
 * issues it: the deposit on acceptance, the mid-point and completion when their milestones are
 * done. Each part once (undefined when it was invoiced already, or comes to nothing).
 */
export async function invoicePaymentPlanPart(
  tx: DbExecutor,
  proposalId: string,
  part: PaymentPlanPart,
  options: BillingOptions,
): Promise<Invoice | undefined> {
  const [accepted] = await tx
    .select({ version: proposalVersions, companyId: proposals.companyId })
    .from(proposalResponses)
    .innerJoin(proposalVersions, eq(proposalVersions.id, proposalResponses.versionId))
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .where(and(eq(proposals.id, proposalId), eq(proposalResponses.decision, "accepted")));
  if (!accepted?.companyId) return undefined;
  const { version } = accepted;
  const cents = {
    deposit: version.depositCents,
    midpoint: version.midpointCents,
    completion: version.completionCents,
  }[part];
  if (cents === 0) return undefined;
  return createInvoice(
    tx,
    {
      companyId: accepted.companyId,
      source: part,
      proposalId,
      lines: [
        { description: `${version.title}: ${partLabel(part)}`, quantity: 1, unitPriceCents: cents },
      ],
    },
    { issue: true, ...options },
  );
}
