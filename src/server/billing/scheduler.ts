import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { NET_DAYS, REMINDER_DAYS_PAST_DUE } from "@shared/schemas/billing";
import { formatCalendarDate } from "@shared/format";
import { addDays, billingDatesUntil, dayOf, periodEnd } from "@shared/invoice-math";
import type { Db } from "../db/client";
import { billingAccounts, invoiceReminders, invoices, recurringPlans } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import { queueReminderEmails } from "./reminders";
import { createInvoice } from "./invoice-issuing";
import { balanceOf, lockInvoice, owedCents } from "./invoice-reading";
import type { BillingSettings } from "./settings";

/** What the card processor is asked for when autopay pays an invoice with the saved card. */
export type SavedCardCharge = {
  invoiceId: string;
  invoiceNumber: string;
  /** The invoice's balance when it was claimed. */
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
};

/**
 * Asks the card processor to charge a saved card. Resolves once the request was accepted; what
 * became of the payment arrives later (the processor's webhook records it). Called at most once
 * per invoice, so an implementation may use the invoice id as its idempotency key.
 */
export type ChargeSavedCard = (charge: SavedCardCharge) => Promise<void>;

type Log = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export type BillingRunOptions = {
  db: Db;
  settings: BillingSettings;
  now?: Date;
  /** Unset when cards are not taken: autopay is then skipped. */
  chargeSavedCard?: ChargeSavedCard | undefined;
  log?: Log | undefined;
  /** Aborted: finish the step in hand and do no more (the next run picks up the rest). */
  signal?: AbortSignal | undefined;
};

export type BillingRun = {
  /** Recurring invoices created and issued. */
  invoicesIssued: number;
  /** Invoices a reminder was queued for (one email per billing contact). */
  remindersSent: number;
  /** Saved cards asked to pay, and of those, the requests that failed. */
  chargesRequested: number;
  chargesFailed: number;
  /** Steps that failed (logged); each is tried again on the next run. */
  errors: number;
};

const quiet: Log = { info() {}, warn() {}, error() {} };

/**
 * One pass of the billing schedule: recurring invoices, reminders, autopay. Each step is done
 * exactly once however many instances run it at the same moment: a plan's period is unique (the
 * second insert does nothing), a reminder stage is a primary key inserted in the transaction that
 * queues its email, and autopay claims an invoice with a conditional update before the card is
 * charged. Whatever was missed while no instance ran (downtime) is done on the next pass.
 */
export async function runBillingOnce(options: BillingRunOptions): Promise<BillingRun> {
  const run: BillingRun = {
    invoicesIssued: 0,
    remindersSent: 0,
    chargesRequested: 0,
    chargesFailed: 0,
    errors: 0,
  };
  const context = { ...options, now: options.now ?? new Date(), log: options.log ?? quiet, run };
  await issueRecurringInvoices(context);
  await sendReminders(context);
  await chargeAutopay(context);
  return run;
}

type Context = Required<Pick<BillingRunOptions, "db" | "settings" | "now" | "log">> &
  Pick<BillingRunOptions, "chargeSavedCard" | "signal"> & { run: BillingRun };

/** Runs one step; a failure is logged and counted, and the next run tries it again. */
async function step(context: Context, what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    context.run.errors++;
    context.log.error({ err: error }, `billing: ${what} failed`);
  }
}

/* ---------------------------------------------------------------------------------------------
 * Recurring invoices.
 * ------------------------------------------------------------------------------------------- */

/** "VPS Hosting, Nov 5, 2026 to Dec 4, 2026". */
export const periodLine = (planName: string, start: string) =>
  `${planName}, ${formatCalendarDate(start)} to ${formatCalendarDate(periodEnd(start))}`;

/**
 * Every active plan's billing dates up to today that have no invoice yet, oldest first, each
 * invoiced and issued in a transaction of its own: dated the billing date, due NET_DAYS after the
 * day it is really issued (so an invoice caught up after downtime is not overdue on arrival), at
 * the plan's name and price as they are at that moment.
 *
 * Only dates after the last invoiced period count: a plan whose billing day or start was changed
 * is not invoiced again for months it has paid for (the days between the old and new period are
 * not billed).
 */
async function issueRecurringInvoices(context: Context) {
  const { db, settings, now, signal } = context;
  const today = dayOf(now);
  const plans = await db
    .select({
      id: recurringPlans.id,
      billingDay: recurringPlans.billingDay,
      startsOn: recurringPlans.startsOn,
      /** The end of the last period invoiced, if any. */
      invoicedUntil: sql<string | null>`max(${invoices.periodEnd})::text`,
    })
    .from(recurringPlans)
    .leftJoin(invoices, eq(invoices.recurringPlanId, recurringPlans.id))
    .where(and(eq(recurringPlans.status, "active"), lte(recurringPlans.startsOn, today)))
    .groupBy(recurringPlans.id)
    .orderBy(asc(recurringPlans.createdAt), asc(recurringPlans.id));
  for (const plan of plans) {
    if (signal?.aborted) return;
    const invoicedUntil = plan.invoicedUntil ?? "";
    for (const date of billingDatesUntil(plan, today).filter((day) => day > invoicedUntil)) {
      if (signal?.aborted) return;
      await step(context, `invoicing plan ${plan.id} for ${date}`, async () => {
        const issued = await db.transaction(async (tx) => {
          // The plan as it is now (a change or cancellation that committed meanwhile counts);
          // shared, so it cannot change until this invoice is issued.
          const [current] = await tx
            .select()
            .from(recurringPlans)
            .where(and(eq(recurringPlans.id, plan.id), eq(recurringPlans.status, "active")))
            .for("share");
          if (!current) return undefined;
          return createInvoice(
            tx,
            {
              companyId: current.companyId,
              source: "recurring",
              recurringPlanId: current.id,
              periodStart: date,
              periodEnd: periodEnd(date),
              dueDate: addDays(today, NET_DAYS),
              lines: [
                {
                  description: periodLine(current.name, date),
                  quantity: 1,
                  unitPriceCents: current.amountCents,
                },
              ],
            },
            { issue: true, settings, now, issueDate: date },
          );
        });
        if (issued) context.run.invoicesIssued++;
      });
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * Reminders.
 * ------------------------------------------------------------------------------------------- */

/** The latest reminder stage an invoice due on `dueDate` has reached by `today`, if any. */
export function reminderStage(dueDate: string, today: string): number | undefined {
  return REMINDER_DAYS_PAST_DUE.filter((days) => addDays(dueDate, days) <= today).at(-1);
}

/**
 * The reminders due by `today`: open invoices with a balance whose latest stage reached is not
 * recorded yet, oldest due first, each with that stage. Exported so that a catch-up (the scale
 * benchmark's) records the very reminders the schedule would send.
 */
export async function dueReminders(
  db: Db,
  today: string,
): Promise<{ id: string; dueDate: string; stage: number }[]> {
  const candidates = await db
    .select({
      id: invoices.id,
      dueDate: invoices.dueDate,
      lastReminder: sql<number | null>`max(${invoiceReminders.daysPastDue})`,
    })
    .from(invoices)
    .leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoices.id))
    .where(and(eq(invoices.status, "open"), gt(owedCents, 0), lte(invoices.dueDate, today)))
    .groupBy(invoices.id)
    .orderBy(asc(invoices.dueDate), asc(invoices.number));
  return candidates.flatMap((candidate) => {
    const stage = reminderStage(candidate.dueDate!, today);
    const last = candidate.lastReminder === null ? -1 : Number(candidate.lastReminder);
    return stage === undefined || last >= stage
      ? []
      : [{ id: candidate.id, dueDate: candidate.dueDate!, stage }];
  });
}

/**
 * Open invoices with a balance are reminded at the due date, then 7 and 14 days after it. Only
 * the latest stage reached is emailed: after downtime the earlier ones are marked done without
 * an email, so nobody gets three reminders at once. A stage is recorded in the transaction that
 * queues its emails, under the invoice's lock, so it is sent once, and never for an invoice
 * paid meanwhile.
 */
async function sendReminders(context: Context) {
  const { db, settings, now, signal } = context;
  const today = dayOf(now);
  for (const candidate of await dueReminders(db, today)) {
    if (signal?.aborted) return;
    await step(context, `reminding of invoice ${candidate.id}`, async () => {
      const sent = await db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, candidate.id);
        if (!invoice?.dueDate || invoice.status !== "open") return false;
        if (balanceOf(invoice) <= 0) return false;
        const reached = reminderStage(invoice.dueDate, today);
        if (reached === undefined) return false;
        const recorded = await tx
          .insert(invoiceReminders)
          .values(
            REMINDER_DAYS_PAST_DUE.filter((days) => days <= reached).map((daysPastDue) => ({
              invoiceId: invoice.id,
              daysPastDue,
              sentAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ daysPastDue: invoiceReminders.daysPastDue });
        if (!recorded.some((row) => row.daysPastDue === reached)) return false;
        await queueReminderEmails(tx, invoice, { settings, now });
        return true;
      });
      if (sent) context.run.remindersSent++;
    });
  }
}

/* ---------------------------------------------------------------------------------------------
 * Autopay.
 * ------------------------------------------------------------------------------------------- */

/**
 * Open recurring invoices with a balance, of companies that turned autopay on with a card on
 * file, are each claimed once (a conditional update: the instance whose update returns the row
 * owns it) and the saved card is then asked to pay, outside any transaction. A request that
 * fails is logged and not tried again: the client still pays by hand, and is reminded.
 */
async function chargeAutopay(context: Context) {
  const { db, now, chargeSavedCard, signal, log } = context;
  if (!chargeSavedCard) return;
  const candidates = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(billingAccounts, eq(billingAccounts.companyId, invoices.companyId))
    .where(
      and(
        eq(invoices.source, "recurring"),
        eq(invoices.status, "open"),
        gt(owedCents, 0),
        isNull(invoices.autopayAttemptedAt),
        eq(billingAccounts.autopay, true),
        isNotNull(billingAccounts.stripeCustomerId),
        isNotNull(billingAccounts.stripePaymentMethodId),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  for (const { id } of candidates) {
    if (signal?.aborted) return;
    let charge: SavedCardCharge | undefined;
    await step(context, `claiming invoice ${id} for autopay`, async () => {
      const [claimed] = await db
        .update(invoices)
        .set({ autopayAttemptedAt: now })
        .where(
          and(
            eq(invoices.id, id),
            isNull(invoices.autopayAttemptedAt),
            eq(invoices.status, "open"),
            gt(owedCents, 0),
          ),
        )
        .returning();
      if (!claimed?.number) return;
      const [account] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.companyId, claimed.companyId));
      if (!account?.autopay || !account.stripeCustomerId || !account.stripePaymentMethodId) {
        return;
      }
      charge = {
        invoiceId: claimed.id,
        invoiceNumber: claimed.number,
        amountCents: balanceOf(claimed),
        customerId: account.stripeCustomerId,
        paymentMethodId: account.stripePaymentMethodId,
      };
    });
    if (!charge) continue;
    context.run.chargesRequested++;
    try {
      await chargeSavedCard(charge);
    } catch (error) {
      context.run.chargesFailed++;
      log.error(
        { err: error, invoiceId: charge.invoiceId, invoiceNumber: charge.invoiceNumber },
        "autopay: the saved card could not be charged; the invoice is left for the client to pay",
      );
    }
  }
}

/* ---------------------------------------------------------------------------------------------
 * The worker.
 * ------------------------------------------------------------------------------------------- */

export type BillingWorkerOptions = {
  db: Db;
  settings: BillingSettings;
  log: Log;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  chargeSavedCard?: ChargeSavedCard | undefined;
  /** The clock (tests move it). */
  now?: (() => Date) | undefined;
};

/**
 * Runs the billing schedule in this process: at start (catching up on whatever was missed while
 * no instance ran), then every interval. Across processes the steps themselves make sure each is
 * done once.
 */
export function createBillingWorker({
  db,
  settings,
  log,
  intervalMs,
  chargeSavedCard,
  now = () => new Date(),
}: BillingWorkerOptions) {
  return createPeriodicWorker({
    name: "billing run",
    log,
    everyMs: intervalMs,
    async pass(signal): Promise<BillingRun> {
      const result = await runBillingOnce({
        db,
        settings,
        now: now(),
        chargeSavedCard,
        log,
        signal,
      });
      if (result.invoicesIssued + result.remindersSent + result.chargesRequested > 0) {
        log.info(result, "billing run");
      }
      return result;
    },
  });
}

export type BillingWorker = ReturnType<typeof createBillingWorker>;
