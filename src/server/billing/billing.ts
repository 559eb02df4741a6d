import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type {
  Billing,
  PlanRequest,
  PlanRequestInput,
  RecurringPlan,
  RecurringPlanInput,
} from "@shared/schemas/billing";
import { addressLines } from "@shared/schemas/billing";
import { dayOf, nextBillingDate } from "@shared/invoice-math";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import {
  billingAccounts,
  companies,
  planChangeRequests,
  projects,
  proposalResponses,
  proposals,
  proposalVersions,
  recurringPlans,
  users,
  type PlanChangeRequest,
  type RecurringPlan as RecurringPlanRow,
  type User,
} from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { planRequestEmail } from "../mail/templates/billing";
import { displayName } from "../auth/display-name";
import { billingAddressOf } from "./bill-to";
import { companyBalance } from "./invoice-reading";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";
import { staffLinks } from "@shared/deep-links";

export const billingMessages = {
  planNotFound: "Plan not found",
  requestNotFound: "Plan request not found",
  notYourPlan: "Choose one of your plans",
  decided: (status: string) => `This request was ${status} already`,
  cancelled: "This plan is cancelled",
  noCard: "Save a card first: automatic payment uses the card on file",
};

export function toPlan(row: RecurringPlanRow, today: string): RecurringPlan {
  return {
    id: row.id,
    name: row.name,
    amountCents: row.amountCents,
    billingDay: row.billingDay,
    startsOn: row.startsOn,
    status: row.status as RecurringPlan["status"],
    nextBillingDate: row.status === "active" ? nextBillingDate(row, today) : null,
  };
}

function toRequest(
  row: PlanChangeRequest,
  companyName: string,
  currentPlan: string | null,
  requestedBy: Pick<User, "firstName" | "lastName" | "email"> | null,
): PlanRequest {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    planId: row.planId,
    currentPlan,
    requestedPlan: row.requestedPlan,
    note: row.note,
    requestedBy: requestedBy ? displayName(requestedBy) : null,
    status: row.status as PlanRequest["status"],
    approvedAmountCents: row.approvedAmountCents,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Plan requests, newest first: one company's, or (staff) everyone's. */
export async function listPlanRequests(
  db: DbExecutor,
  filter: { companyId?: string; id?: string },
): Promise<PlanRequest[]> {
  // An unset filter is a null placeholder, so one prepared statement serves every filter.
  const companyId = sql.placeholder("companyId");
  const id = sql.placeholder("id");
  const rows = await prepared(db, "plan_requests", (db) =>
    db
      .select({
        request: planChangeRequests,
        companyName: companies.name,
        currentPlan: recurringPlans.name,
        user: users,
      })
      .from(planChangeRequests)
      .innerJoin(companies, eq(companies.id, planChangeRequests.companyId))
      .leftJoin(recurringPlans, eq(recurringPlans.id, planChangeRequests.planId))
      .leftJoin(users, eq(users.id, planChangeRequests.requestedBy))
      .where(
        and(
          or(isNull(sql`${companyId}::uuid`), eq(planChangeRequests.companyId, companyId)),
          or(isNull(sql`${id}::uuid`), eq(planChangeRequests.id, id)),
        ),
      )
      .orderBy(desc(planChangeRequests.createdAt)),
  ).execute({ companyId: filter.companyId ?? null, id: filter.id ?? null });
  return rows.map(({ request, companyName, currentPlan, user }) =>
    toRequest(request, companyName, currentPlan, user),
  );
}

/** A company's plans: active first, then cancelled, each by name. */
export async function listPlans(db: DbExecutor, companyId: string, now = new Date()) {
  const rows = await prepared(db, "plans_of_company", (db) =>
    db
      .select()
      .from(recurringPlans)
      .where(eq(recurringPlans.companyId, sql.placeholder("companyId")))
      .orderBy(asc(recurringPlans.status), asc(recurringPlans.name)),
  ).execute({ companyId });
  return rows.map((row) => toPlan(row, dayOf(now)));
}

/**
 * The Billing tab: the active plans with what they cost and when they are next invoiced, the
 * card saved with the payment provider, what is owed, and the plan requests.
 */
export async function findBilling(
  db: DbExecutor,
  companyId: string,
  cardsAccepted: boolean,
  now = new Date(),
): Promise<Billing> {
  const [plans, [account], balance, planRequests, fromLaunch, billingAddress] = await Promise.all([
    listPlans(db, companyId, now),
    prepared(db, "billing_account_of_company", (db) =>
      db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.companyId, sql.placeholder("companyId"))),
    ).execute({ companyId }),
    companyBalance(db, companyId, now),
    listPlanRequests(db, { companyId }),
    plansFromLaunch(db, companyId),
    billingAddressOf(db, companyId),
  ]);
  const active = plans.filter((plan) => plan.status === "active");
  const dates = active.map((plan) => plan.nextBillingDate!).sort();
  return {
    plans,
    monthlyCostCents: active.reduce((sum, plan) => sum + plan.amountCents, 0),
    nextBillingDate: dates[0] ?? null,
    paymentMethod:
      account?.cardBrand && account.cardLast4
        ? {
            brand: account.cardBrand,
            last4: account.cardLast4,
            expMonth: account.cardExpMonth,
            expYear: account.cardExpYear,
          }
        : null,
    autopay: account?.autopay ?? false,
    cardsAccepted,
    ...balance,
    planRequests,
    plansFromLaunch: fromLaunch,
    billingAddress,
  };
}

/**
 * Sets a client's billing address (blank lines and spaces at the ends dropped), or removes it
 * with empty text. Undefined when there is no such company; else the address before and after.
 */
export async function setBillingAddress(
  db: DbExecutor,
  companyId: string,
  address: string,
): Promise<{ before: string | null; after: string | null } | undefined> {
  const after = addressLines(address).join("\n") || null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ billingAddress: companies.billingAddress })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!row) return undefined;
    await tx
      .update(companies)
      .set({ billingAddress: after, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    return { before: row.billingAddress, after };
  });
}

/**
 * The monthly lines of the company's accepted proposals whose project has not launched yet:
 * the plans startProposalPlans will start at launch.
 */
async function plansFromLaunch(db: DbExecutor, companyId: string) {
  const rows = await db
    .select({ lines: proposalVersions.lines })
    .from(proposalResponses)
    .innerJoin(proposalVersions, eq(proposalVersions.id, proposalResponses.versionId))
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .where(
      and(
        eq(proposals.companyId, companyId),
        eq(proposalResponses.decision, "accepted"),
        sql`not exists (select 1 from ${projects} where ${projects.proposalId} = ${proposals.id} and ${projects.websiteId} is not null)`,
      ),
    )
    .orderBy(asc(proposalResponses.createdAt));
  return rows.flatMap(({ lines }) =>
    lines
      .filter((line) => line.billing === "monthly")
      .map((line) => ({
        name: line.description.slice(0, 100),
        amountCents: line.quantity * line.unitPriceCents,
      })),
  );
}

/** Staff add a monthly plan to a client. */
export async function addPlan(
  db: DbExecutor,
  companyId: string,
  input: RecurringPlanInput,
  now = new Date(),
) {
  const [row] = await db
    .insert(recurringPlans)
    .values({
      companyId,
      name: input.name,
      amountCents: Number(input.amountCents),
      billingDay: Number(input.billingDay),
      startsOn: input.startsOn,
    })
    .returning();
  return toPlan(row!, dayOf(now));
}

/** Staff change a plan's name, price, billing day or start: later invoices use it. */
export async function updatePlan(
  db: DbExecutor,
  id: string,
  input: RecurringPlanInput,
  now = new Date(),
): Promise<{ before: RecurringPlan; after: RecurringPlan } | undefined> {
  const [before] = await db.select().from(recurringPlans).where(eq(recurringPlans.id, id));
  if (!before) return undefined;
  const [after] = await db
    .update(recurringPlans)
    .set({
      name: input.name,
      amountCents: Number(input.amountCents),
      billingDay: Number(input.billingDay),
      startsOn: input.startsOn,
      updatedAt: now,
    })
    .where(eq(recurringPlans.id, id))
    .returning();
  return { before: toPlan(before, dayOf(now)), after: toPlan(after!, dayOf(now)) };
}

/** Staff cancel a plan: it is invoiced no more. */
export async function cancelPlan(
  db: DbExecutor,
  id: string,
  now = new Date(),
): Promise<Outcome<RecurringPlan>> {
  const [after] = await db
    .update(recurringPlans)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(and(eq(recurringPlans.id, id), eq(recurringPlans.status, "active")))
    .returning();
  if (after) return ok(toPlan(after, dayOf(now)));
  const [plan] = await db.select().from(recurringPlans).where(eq(recurringPlans.id, id));
  return plan ? conflict(billingMessages.cancelled) : notFound(billingMessages.planNotFound);
}

/** The company a plan belongs to, for the audit log. */
export async function planCompany(db: DbExecutor, id: string) {
  const [plan] = await db
    .select({ companyId: recurringPlans.companyId })
    .from(recurringPlans)
    .where(eq(recurringPlans.id, id));
  return plan?.companyId;
}

/** A client asks to change plan (or add one); the agency is emailed in the same transaction. */
export async function requestPlanChange(
  db: DbExecutor,
  who: { user: User; companyId: string },
  input: PlanRequestInput,
  settings: { agencyInbox: string; publicUrl: string },
): Promise<Outcome<PlanRequest>> {
  return db.transaction(async (tx) => {
    let current: RecurringPlanRow | undefined;
    if (input.planId) {
      [current] = await tx
        .select()
        .from(recurringPlans)
        .where(
          and(eq(recurringPlans.id, input.planId), eq(recurringPlans.companyId, who.companyId)),
        );
      if (!current) return notFound(billingMessages.notYourPlan);
    }
    const [row] = await tx
      .insert(planChangeRequests)
      .values({
        companyId: who.companyId,
        planId: current?.id ?? null,
        requestedPlan: input.requestedPlan,
        note: input.note ?? null,
        requestedBy: who.user.id,
      })
      .returning();
    const [company] = await tx.select().from(companies).where(eq(companies.id, who.companyId));
    await enqueueEmails(tx, [
      planRequestEmail(
        {
          name: displayName(who.user),
          email: who.user.email,
          companyName: company?.name ?? "",
        },
        {
          currentPlan: current?.name ?? null,
          requestedPlan: input.requestedPlan,
          note: input.note ?? null,
        },
        `${settings.publicUrl}${staffLinks.invoices()}`,
        settings,
      ),
    ]);
    return ok((await listPlanRequests(tx, { id: row!.id }))[0]!);
  });
}

/**
 * Staff decide a plan request. Approved at a monthly price, it changes the plan it names (or
 * adds a new plan, billed from today on today's day of the month, at most the 28th): the next
 * invoice uses it.
 */
export async function decidePlanRequest(
  db: DbExecutor,
  id: string,
  decision: { approve: true; amountCents: number } | { approve: false },
  now = new Date(),
): Promise<Outcome<{ before: PlanRequest; after: PlanRequest }>> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.id, id))
      .for("update");
    if (!request) return notFound(billingMessages.requestNotFound);
    const [before] = await listPlanRequests(tx, { id });
    if (request.status !== "pending") return conflict(billingMessages.decided(request.status));
    if (decision.approve) {
      const [current] = request.planId
        ? await tx
            .select()
            .from(recurringPlans)
            .where(
              and(
                eq(recurringPlans.id, request.planId),
                inArray(recurringPlans.status, ["active"]),
              ),
            )
        : [];
      if (current) {
        await tx
          .update(recurringPlans)
          .set({ name: request.requestedPlan, amountCents: decision.amountCents, updatedAt: now })
          .where(eq(recurringPlans.id, current.id));
      } else {
        const today = dayOf(now);
        await tx.insert(recurringPlans).values({
          companyId: request.companyId,
          name: request.requestedPlan,
          amountCents: decision.amountCents,
          billingDay: Math.min(Number(today.slice(8, 10)), 28),
          startsOn: today,
        });
      }
    }
    await tx
      .update(planChangeRequests)
      .set({
        status: decision.approve ? "approved" : "declined",
        approvedAmountCents: decision.approve ? decision.amountCents : null,
        decidedAt: now,
      })
      .where(eq(planChangeRequests.id, id));
    const [after] = await listPlanRequests(tx, { id });
    return ok({ before: before!, after: after! });
  });
}

/** The client turns automatic card payment on or off; on needs a card on file. */
export async function setAutopay(
  db: DbExecutor,
  companyId: string,
  enabled: boolean,
): Promise<Outcome<null>> {
  const [account] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, companyId));
  if (enabled && !account?.stripePaymentMethodId) return conflict(billingMessages.noCard);
  if (account) {
    await db
      .update(billingAccounts)
      .set({ autopay: enabled })
      .where(eq(billingAccounts.companyId, companyId));
  }
  return ok(null);
}

/**
 * At launch, the monthly lines of the accepted proposal (hosting, maintenance) become the
 * client's recurring plans, billed from the launch day on that day of the month (at most the
 * 28th). In the caller's transaction.
 */
export async function startProposalPlans(
  tx: DbExecutor,
  proposalId: string,
  companyId: string,
  now = new Date(),
): Promise<void> {
  const [accepted] = await tx
    .select({ lines: proposalVersions.lines })
    .from(proposalResponses)
    .innerJoin(proposalVersions, eq(proposalVersions.id, proposalResponses.versionId))
    .where(
      and(eq(proposalVersions.proposalId, proposalId), eq(proposalResponses.decision, "accepted")),
    );
  const monthly = accepted?.lines.filter((line) => line.billing === "monthly") ?? [];
  if (monthly.length === 0) return;
  const today = dayOf(now);
  await tx.insert(recurringPlans).values(
    monthly.map((line) => ({
      companyId,
      name: line.description.slice(0, 100),
      amountCents: line.quantity * line.unitPriceCents,
      billingDay: Math.min(Number(today.slice(8, 10)), 28),
      startsOn: today,
    })),
  );
}
