import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { invoicePrefix, offlinePayment } from "@content/billing";
import { customPricing } from "@content/pricing";
import {
  NET_DAYS,
  paymentMethodLabels,
  type InvoiceDetail,
  type InvoiceFilter,
  type InvoiceList,
  type InvoiceSource,
  type InvoiceStatus,
  type InvoiceSummary,
  type Payment,
  type PaymentMethod,
} from "@shared/schemas/billing";
import { addDays, dayOf, invoiceTotals, ppmToPercent } from "@shared/invoice-math";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import {
  companies,
  creditNoteCounters,
  creditNotes,
  invoiceCounters,
  invoices,
  payments,
  proposalResponses,
  proposals,
  proposalVersions,
  type Company,
  type EmailAttachment,
  type Invoice,
  type InvoiceLine,
  type Payment as PaymentRow,
} from "../db/schema";
import { formatDate, formatMoney } from "../documents/pdf";
import { notify } from "../notices/notices";
import {
  invoiceIssuedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  type InvoiceRef,
} from "../mail/templates/billing";
import { billingContacts } from "../team/team";
import { displayName } from "../auth/display-name";
import { invoicePdf } from "./pdf";
import { clientLinks } from "@shared/deep-links";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";

/** What invoices need of the settings: links, the agency's inbox, tax, whether cards are taken. */
export type BillingSettings = {
  publicUrl: string;
  agencyInbox: string;
  taxRatePpm: number;
  cardsAccepted: boolean;
};

export const invoiceMessages = {
  notFound: "Invoice not found",
  notDraft: "Only a draft can be issued or deleted: this invoice is already issued",
  notOpen: (status: string) => `This invoice is ${status}: only an open invoice can take this`,
  hasPayments: "This invoice has payments: refund them before voiding it",
  overBalance: (balance: string) =>
    `That is more than the balance of ${balance}: record at most the balance`,
  nothingOwed: "Nothing is owed on this invoice",
  noCards: "Cards are not taken online: pay by bank transfer or check as the invoice says",
};

/** Who reads an invoice: staff read every one, a client their company's issued ones. */
export type Viewer = { staff: true } | { staff: false; companyId: string };

/** What is owed: the total, less what credit notes gave back and what was paid. */
export const balanceOf = (invoice: Pick<Invoice, "totalCents" | "paidCents" | "creditedCents">) =>
  invoice.totalCents - invoice.creditedCents - invoice.paidCents;

/** The same in SQL, for filters and sums. */
export const owedCents = sql<number>`(${invoices.totalCents} - ${invoices.creditedCents} - ${invoices.paidCents})`;

/** Open, with something owed, and past its due date (a day after it, at the earliest). */
const isOverdue = (invoice: Invoice, today: string) =>
  invoice.status === "open" &&
  balanceOf(invoice) > 0 &&
  invoice.dueDate !== null &&
  invoice.dueDate < today;

function toSummary(invoice: Invoice, companyName: string, today: string): InvoiceSummary {
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

/* ---------------------------------------------------------------------------------------------
 * Reading.
 * ------------------------------------------------------------------------------------------- */

/** Invoices, newest first (drafts, which have no number yet, on top); a client never sees drafts. */
export async function listInvoices(
  db: DbExecutor,
  filter: { companyId?: string; status?: InvoiceStatus; overdue?: boolean; withDrafts: boolean },
  now = new Date(),
): Promise<InvoiceSummary[]> {
  const today = dayOf(now);
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
  const rows = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(...conditions))
    .orderBy(sql`${invoices.issueDate} desc nulls first`, desc(invoices.number));
  return rows.map(({ invoice, companyName }) => toSummary(invoice, companyName, today));
}

/** The back office's list with this month's revenue, what is owed, and how much is overdue. */
export async function invoiceList(
  db: DbExecutor,
  filter: Omit<InvoiceFilter, "overdue"> & { overdue?: boolean },
  now = new Date(),
): Promise<InvoiceList> {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [list, [revenue], [owed]] = await Promise.all([
    listInvoices(
      db,
      {
        withDrafts: true,
        ...(filter.companyId ? { companyId: filter.companyId } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.overdue ? { overdue: true } : {}),
      },
      now,
    ),
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
  settings: Pick<BillingSettings, "cardsAccepted">,
  now = new Date(),
): Promise<InvoiceDetail | undefined> {
  const row = await invoiceWithCompany(db, id, viewer);
  if (!row) return undefined;
  return detailOf(db, row.invoice, row.company, settings, now);
}

async function detailOf(
  db: DbExecutor,
  invoice: Invoice,
  company: Pick<Company, "name">,
  settings: Pick<BillingSettings, "cardsAccepted">,
  now: Date,
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
  settings: Pick<BillingSettings, "cardsAccepted">,
  now = new Date(),
): Promise<{ fileName: string; bytes: Buffer } | undefined> {
  const detail = await findInvoice(db, id, viewer, settings, now);
  if (!detail) return undefined;
  return { fileName: invoiceFileName(detail), bytes: await invoicePdf(detail) };
}

const invoiceFileName = (invoice: Pick<InvoiceDetail, "number" | "id">) =>
  `invoice-${invoice.number ?? `draft-${invoice.id.slice(0, 8)}`}.pdf`;

/* ---------------------------------------------------------------------------------------------
 * Creating and issuing.
 * ------------------------------------------------------------------------------------------- */

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
  options: { issue: boolean; settings: BillingSettings; now?: Date; issueDate?: string },
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
  if (!draft || !options.issue) return draft;
  return issueInvoiceRow(tx, draft, options.settings, options.now, options.issueDate);
}

/**
 * Issues a draft in the caller's transaction: numbered, dated (due NET_DAYS later unless a due
 * date was set), open (or paid at once when it comes to nothing), and emailed with its PDF to
 * the company's owners and billing members.
 */
export async function issueInvoiceRow(
  tx: DbExecutor,
  draft: Invoice,
  settings: BillingSettings,
  now = new Date(),
  issueDate = dayOf(now),
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
  await emailInvoice(tx, issued, settings, now);
  return issued;
}

/** How the client pays, in a sentence for emails. */
const howToPay = (settings: Pick<BillingSettings, "cardsAccepted">) =>
  settings.cardsAccepted
    ? "You can pay it by card in your client portal, or by bank transfer or check as the invoice says."
    : "You can pay it by bank transfer or check: the details are on the invoice.";

export const invoiceLink = (publicUrl: string, id: string) =>
  `${publicUrl}${clientLinks.invoice(id)}`;

/** The invoice as its emails name it, and its PDF as an attachment. */
export async function invoiceForEmail(
  tx: DbExecutor,
  invoice: Invoice,
  settings: BillingSettings,
  now: Date,
): Promise<{ ref: InvoiceRef; pdf: EmailAttachment }> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, invoice.companyId));
  const detail = await detailOf(tx, invoice, company ?? { name: "" }, settings, now);
  return {
    ref: invoiceRef(invoice, settings),
    pdf: {
      filename: invoiceFileName(detail),
      contentType: "application/pdf",
      contentBase64: (await invoicePdf(detail)).toString("base64"),
    },
  };
}

function invoiceRef(invoice: Invoice, settings: Pick<BillingSettings, "cardsAccepted">) {
  return {
    number: invoice.number ?? "draft",
    total: formatMoney(invoice.totalCents),
    balance: formatMoney(balanceOf(invoice)),
    dueDate: invoice.dueDate ? formatDate(invoice.dueDate) : "on receipt",
    howToPay: howToPay(settings),
  };
}

async function emailInvoice(
  tx: DbExecutor,
  invoice: Invoice,
  settings: BillingSettings,
  now: Date,
) {
  const contacts = await billingContacts(tx, invoice.companyId);
  if (contacts.length === 0) return;
  // The PDF is made once, and only when someone is emailed.
  let attached: Awaited<ReturnType<typeof invoiceForEmail>> | undefined;
  await notify(tx, {
    kind: "invoice-issued",
    key: `invoice-issued:${invoice.id}`,
    recipients: contacts,
    companyId: invoice.companyId,
    title: `Invoice ${invoice.number ?? ""}: ${formatMoney(invoice.totalCents)}`,
    body: `Due ${invoice.dueDate ? formatDate(invoice.dueDate) : "on receipt"}.`,
    link: clientLinks.invoice(invoice.id),
    email: async (user) => {
      attached ??= await invoiceForEmail(tx, invoice, settings, now);
      return invoiceIssuedEmail(
        { name: displayName(user), email: user.email },
        attached.ref,
        invoiceLink(settings.publicUrl, invoice.id),
        attached.pdf,
        settings,
      );
    },
  });
}

/** Locks an invoice row for the rest of the caller's transaction. */
export async function lockInvoice(tx: DbExecutor, id: string): Promise<Invoice | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return invoice;
}

/** Runs `act` on the invoice, locked, in a transaction; 404 when there is no such invoice. */
function withLockedInvoice<T>(
  db: DbExecutor,
  id: string,
  act: (tx: DbExecutor, invoice: Invoice) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    return invoice ? act(tx, invoice) : notFound(invoiceMessages.notFound);
  });
}

/** Staff issue a draft. */
export async function issueDraft(
  db: DbExecutor,
  id: string,
  settings: BillingSettings,
  now = new Date(),
): Promise<Outcome<{ before: Invoice; after: Invoice }>> {
  return withLockedInvoice(db, id, async (tx, before) => {
    if (before.status !== "draft") return conflict(invoiceMessages.notDraft);
    return ok({ before, after: await issueInvoiceRow(tx, before, settings, now) });
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
 * Payments.
 * ------------------------------------------------------------------------------------------- */

export type PaymentInput = {
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reference?: string | null;
  recordedBy?: string | null;
};

/**
 * Records a payment against a locked invoice in the caller's transaction: what was paid grows,
 * the invoice is paid once nothing is owed, and the company's billing contacts get a receipt.
 * Undefined when a card payment with this reference was recorded already (Stripe said it twice).
 */
export async function applyPayment(
  tx: DbExecutor,
  invoice: Invoice,
  input: PaymentInput,
  settings: BillingSettings,
  now = new Date(),
): Promise<Invoice | undefined> {
  const [payment] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "payment",
      status: "succeeded",
      amountCents: input.amountCents,
      method: input.method,
      paidOn: input.paidOn,
      reference: input.reference ?? null,
      recordedBy: input.recordedBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return undefined;
  const paidCents = invoice.paidCents + input.amountCents;
  const paidInFull = paidCents >= invoice.totalCents - invoice.creditedCents;
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents,
      ...(paidInFull && invoice.status !== "void" ? { status: "paid", paidAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  const ref = invoiceRef(after!, settings);
  await notify(tx, {
    kind: "invoice-paid",
    key: `payment:${payment.id}`,
    recipients: await billingContacts(tx, invoice.companyId),
    companyId: invoice.companyId,
    title:
      after!.status === "paid"
        ? `Invoice ${ref.number} paid: thank you`
        : `Payment of ${formatMoney(input.amountCents)} received for invoice ${ref.number}`,
    body: `${formatMoney(input.amountCents)} received on ${formatDate(input.paidOn)}.`,
    link: clientLinks.invoice(invoice.id),
    email: (user) =>
      paymentReceiptEmail(
        { name: displayName(user), email: user.email },
        {
          amount: formatMoney(input.amountCents),
          paidOn: formatDate(input.paidOn),
          method: paymentMethodLabels[input.method].toLowerCase(),
          reference: input.method === "card" ? null : (input.reference ?? null),
        },
        ref,
        invoiceLink(settings.publicUrl, invoice.id),
        settings,
      ),
  });
  return after;
}

/** Staff record a payment made outside the card processor: at most the balance, on an open invoice. */
export async function recordPayment(
  db: DbExecutor,
  id: string,
  input: PaymentInput,
  settings: BillingSettings,
  now = new Date(),
): Promise<Outcome<{ before: Invoice; after: Invoice }>> {
  return withLockedInvoice(db, id, async (tx, before) => {
    if (before.status !== "open" && before.status !== "uncollectible") {
      return conflict(invoiceMessages.notOpen(before.status));
    }
    if (input.amountCents > balanceOf(before)) {
      return conflict(invoiceMessages.overBalance(formatMoney(balanceOf(before))));
    }
    const after = await applyPayment(tx, before, input, settings, now);
    return ok({ before, after: after! });
  });
}

/**
 * A refund, in the caller's transaction: what was paid shrinks. One Stripe made on its own (its
 * webhook) leaves the amount owed again, so a paid invoice opens again; one with a credit note
 * (`credit`) gives that amount back off the invoice too, so what is owed stays as it was.
 * Undefined when a card refund with this reference was recorded already.
 */
export async function applyRefund(
  tx: DbExecutor,
  invoice: Invoice,
  input: {
    amountCents: number;
    paidOn: string;
    reference: string | null;
    method?: PaymentMethod;
    recordedBy?: string | null;
    credit?: boolean;
  },
  now = new Date(),
): Promise<{ invoice: Invoice; refund: PaymentRow } | undefined> {
  const [refund] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "refund",
      status: "succeeded",
      amountCents: input.amountCents,
      method: input.method ?? "card",
      paidOn: input.paidOn,
      reference: input.reference,
      recordedBy: input.recordedBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return undefined;
  const paidCents = invoice.paidCents - input.amountCents;
  const creditedCents = invoice.creditedCents + (input.credit ? input.amountCents : 0);
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents,
      creditedCents,
      ...(invoice.status === "paid" && paidCents < invoice.totalCents - creditedCents
        ? { status: "open", paidAt: null }
        : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return { invoice: after!, refund };
}

/** A card payment that failed, in the caller's transaction: kept to show, and the client told. */
export async function recordFailedPayment(
  tx: DbExecutor,
  invoice: Invoice,
  input: { amountCents: number; paidOn: string; reference: string | null; reason: string },
  settings: BillingSettings,
): Promise<void> {
  const [failed] = await tx
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: "payment",
      status: "failed",
      amountCents: input.amountCents,
      method: "card",
      paidOn: input.paidOn,
      reference: input.reference,
      failureMessage: input.reason.slice(0, 500),
    })
    .returning({ id: payments.id });
  const ref = invoiceRef(invoice, settings);
  await notify(tx, {
    kind: "payment-failed",
    key: `payment-failed:${failed!.id}`,
    recipients: await billingContacts(tx, invoice.companyId),
    companyId: invoice.companyId,
    title: `A card payment of ${formatMoney(input.amountCents)} failed (invoice ${ref.number})`,
    body: input.reason,
    link: clientLinks.invoice(invoice.id),
    email: (user) =>
      paymentFailedEmail(
        { name: displayName(user), email: user.email },
        { amount: formatMoney(input.amountCents), reason: input.reason },
        ref,
        invoiceLink(settings.publicUrl, invoice.id),
        settings,
      ),
  });
}

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
  settings: BillingSettings,
  now = new Date(),
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
    { issue: true, settings, now },
  );
}
