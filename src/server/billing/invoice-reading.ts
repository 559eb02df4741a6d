import { invoiceMessages } from "@shared/schemas/billing";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  lt,
  ne,
  sql,
  type SQL,
} from "drizzle-orm";
import { offlinePayment } from "@content/billing";
import type {
  InvoiceDetail,
  InvoiceFilter,
  InvoiceList,
  InvoiceSource,
  InvoiceStatus,
  InvoiceSummary,
  Payment,
  PaymentMethod,
} from "@shared/schemas/billing";
import { dayOf, ppmToPercent } from "@shared/invoice-math";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import {
  companies,
  creditNotes,
  invoices,
  payments,
  type Company,
  type Invoice,
  type Payment as PaymentRow,
} from "../db/schema";
import { notFound, type Outcome } from "../domain-failure";
import { billingAddressOf } from "./bill-to";
import { invoicePdf } from "./pdf";
import type { BillingSettings } from "./settings";

/*
 * Reading invoices: lists, one invoice with its payments and credit notes, its PDF, what a
 * company owes; and finding one locked, for the writes.
 */

/** What reading an invoice needs: whether cards are taken (it says how to pay), and the day. */
type ReadOptions = { settings: Pick<BillingSettings, "cardsAccepted">; now?: Date };

/** Who reads an invoice: staff read every one, a client their company's issued ones. */
export type Viewer = { staff: true } | { staff: false; companyId: string };

/** What is owed: the total, less what credit notes gave back and what was paid. */
export const balanceOf = (invoice: Pick<Invoice, "totalCents" | "paidCents" | "creditedCents">) =>
  invoice.totalCents - invoice.creditedCents - invoice.paidCents;

/** The same in SQL, for filters and sums. */
export const owedCents = sql<number>`(${invoices.totalCents} - ${invoices.creditedCents} - ${invoices.paidCents})`;

/** Open, with something owed, and past its due date (a day after it, at the earliest). */
const isOverdue = (invoice: SummaryRow, today: string) =>
  invoice.status === "open" &&
  balanceOf(invoice) > 0 &&
  invoice.dueDate !== null &&
  invoice.dueDate < today;

/** An invoice's columns but its lines: a list does not show them, and they are its biggest. */
const { lines: _lines, ...summaryColumns } = getTableColumns(invoices);
type SummaryRow = Omit<Invoice, "lines">;

function toSummary(invoice: SummaryRow, companyName: string, today: string): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    companyId: invoice.companyId,
    companyName,
    status: invoice.status as InvoiceStatus,
    source: invoice.source as InvoiceSource,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    subtotalCents: invoice.subtotalCents,
    taxRatePercent: ppmToPercent(invoice.taxRatePpm),
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    creditedCents: invoice.creditedCents,
    balanceCents: balanceOf(invoice),
    overdue: isOverdue(invoice, today),
    createdAt: invoice.createdAt.toISOString(),
  };
}

function toPayment(row: PaymentRow, invoiceNumber: string | null): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    invoiceNumber,
    kind: row.kind as Payment["kind"],
    status: row.status as Payment["status"],
    amountCents: row.amountCents,
    method: row.method as PaymentMethod,
    paidOn: row.paidOn,
    reference: row.reference,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

type ListFilter = {
  companyId?: string;
  status?: InvoiceStatus;
  overdue?: boolean;
  withDrafts: boolean;
};

function conditionsOf(filter: ListFilter, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(invoices.companyId, filter.companyId));
  if (filter.status) conditions.push(eq(invoices.status, filter.status));
  if (!filter.withDrafts) conditions.push(ne(invoices.status, "draft"));
  if (filter.overdue) {
    conditions.push(
      eq(invoices.status, "open"),
      lt(invoices.dueDate, today),
      sql`${owedCents} > 0`,
    );
  }
  return conditions;
}

/**
 * Invoices, newest first (drafts, which have no number yet, on top); a client never sees drafts.
 * Every one, or `limit` of them from `offset`.
 */
export async function listInvoices(
  db: DbExecutor,
  filter: ListFilter,
  now = new Date(),
  page?: { limit: number; offset: number },
): Promise<InvoiceSummary[]> {
  const today = dayOf(now);
  const query = db
    .select({ invoice: summaryColumns, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(...conditionsOf(filter, today)))
    // The id last, so that a page never repeats or skips an invoice of the one before.
    .orderBy(sql`${invoices.issueDate} desc nulls first`, desc(invoices.number), invoices.id)
    .$dynamic();
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map(({ invoice, companyName }) => toSummary(invoice, companyName, today));
}

/**
 * The back office's list, a page of it, with how many match, this month's revenue, what is owed,
 * and how much is overdue.
 */
export async function invoiceList(
  db: DbExecutor,
  filter: Omit<InvoiceFilter, "overdue" | "page" | "pageSize"> & {
    overdue?: boolean;
    page: number;
    pageSize: number;
  },
  now = new Date(),
): Promise<InvoiceList> {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const listed: ListFilter = {
    withDrafts: true,
    ...(filter.companyId ? { companyId: filter.companyId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.overdue ? { overdue: true } : {}),
  };
  const [list, [counted], [revenue], [owed]] = await Promise.all([
    listInvoices(db, listed, now, {
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    }),
    db
      .select({ total: count() })
      .from(invoices)
      .where(and(...conditionsOf(listed, today))),
    db
      .select({
        cents: sql<string>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end), 0)`,
      })
      .from(payments)
      .where(and(eq(payments.status, "succeeded"), gte(payments.paidOn, monthStart))),
    db
      .select({
        cents: sql<string>`coalesce(sum(${owedCents}), 0)`,
        overdue: sql<string>`count(*) filter (where ${invoices.dueDate} < ${today} and ${owedCents} > 0)`,
      })
      .from(invoices)
      .where(eq(invoices.status, "open")),
  ]);
  return {
    invoices: list,
    total: counted?.total ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
    revenueThisMonthCents: Number(revenue?.cents ?? 0),
    outstandingCents: Number(owed?.cents ?? 0),
    overdueCount: Number(owed?.overdue ?? 0),
  };
}

async function invoiceWithCompany(db: DbExecutor, id: string, viewer: Viewer) {
  const [row] = await db
    .select({ invoice: invoices, company: companies })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  if (
    !viewer.staff &&
    (row.invoice.companyId !== viewer.companyId || row.invoice.status === "draft")
  )
    return undefined;
  return row;
}

/** One invoice with its lines and payments, or undefined when it is not the viewer's to see. */
export async function findInvoice(
  db: DbExecutor,
  id: string,
  viewer: Viewer,
  { settings, now = new Date() }: ReadOptions,
): Promise<InvoiceDetail | undefined> {
  const row = await invoiceWithCompany(db, id, viewer);
  if (!row) return undefined;
  return detailOf(db, row.invoice, row.company, { settings, now });
}

/** One invoice as both sides read it, whoever may see it. */
export async function detailOf(
  db: DbExecutor,
  invoice: Invoice,
  company: Pick<Company, "name">,
  { settings, now = new Date() }: ReadOptions,
): Promise<InvoiceDetail> {
  const [rows, notes] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice.id))
      .orderBy(asc(payments.createdAt)),
    db
      .select({ note: creditNotes, method: payments.method, reference: payments.reference })
      .from(creditNotes)
      .innerJoin(payments, eq(payments.id, creditNotes.refundId))
      .where(eq(creditNotes.invoiceId, invoice.id))
      .orderBy(asc(creditNotes.number)),
  ]);
  const owed = invoice.status === "open" && balanceOf(invoice) > 0;
  return {
    ...toSummary(invoice, company.name, dayOf(now)),
    lines: invoice.lines,
    memo: invoice.memo,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    proposalId: invoice.proposalId,
    payments: rows.map((payment) => toPayment(payment, invoice.number)),
    creditNotes: notes.map(({ note, method, reference }) => ({
      id: note.id,
      number: note.number,
      invoiceId: note.invoiceId,
      paymentId: note.paymentId,
      amountCents: note.amountCents,
      method: method as PaymentMethod,
      reference,
      reason: note.reason,
      issueDate: note.issueDate,
    })),
    payableByCard: settings.cardsAccepted && owed,
    offlinePayment: settings.cardsAccepted ? null : offlinePayment,
  };
}

/** A company's payments, failures and refunds, newest first. */
export async function listPayments(db: DbExecutor, companyId: string): Promise<Payment[]> {
  const rows = await db
    .select({ payment: payments, number: invoices.number })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.companyId, companyId))
    .orderBy(desc(payments.paidOn), desc(payments.createdAt));
  return rows.map(({ payment, number }) => toPayment(payment, number));
}

/** An invoice as PDF, for the viewer; undefined when not theirs. */
export async function invoiceDocument(
  db: DbExecutor,
  id: string,
  viewer: Viewer,
  options: ReadOptions,
): Promise<{ fileName: string; bytes: Buffer } | undefined> {
  const detail = await findInvoice(db, id, viewer, options);
  if (!detail) return undefined;
  return {
    fileName: invoiceFileName(detail),
    bytes: await invoicePdf(detail, await billingAddressOf(db, detail.companyId)),
  };
}

export const invoiceFileName = (invoice: Pick<InvoiceDetail, "number" | "id">) =>
  `invoice-${invoice.number ?? `draft-${invoice.id.slice(0, 8)}`}.pdf`;

/** What a company owes on open invoices, and how many are past due. */
export async function companyBalance(db: DbExecutor, companyId: string, now = new Date()) {
  const today = dayOf(now);
  const [row] = await prepared(db, "company_balance", (db) =>
    db
      .select({
        cents: sql<string>`coalesce(sum(${owedCents}), 0)`,
        overdue: sql<string>`count(*) filter (where ${invoices.dueDate} < ${sql.placeholder("today")}::date and ${owedCents} > 0)`,
      })
      .from(invoices)
      .where(
        and(eq(invoices.companyId, sql.placeholder("companyId")), eq(invoices.status, "open")),
      ),
  ).execute({ companyId, today });
  return { balanceCents: Number(row?.cents ?? 0), overdueCount: Number(row?.overdue ?? 0) };
}

/** Locks an invoice row for the rest of the caller's transaction. */
export async function lockInvoice(tx: DbExecutor, id: string): Promise<Invoice | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return invoice;
}

/** Runs `act` on the invoice, locked, in a transaction; not found when there is no such invoice. */
export function withLockedInvoice<T>(
  db: DbExecutor,
  id: string,
  act: (tx: DbExecutor, invoice: Invoice) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    return invoice ? act(tx, invoice) : notFound(invoiceMessages.notFound);
  });
}
