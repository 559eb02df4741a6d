import { and, asc, eq, inArray } from "drizzle-orm";
import { pricingPlans } from "@content/pricing";
import { firstResponseTargets, type FirstResponseTarget } from "@content/support";
import type { DbExecutor } from "../db/client";
import { recurringPlans } from "../db/schema";

/*
 * First-response targets by plan. The rule reads the client's active monthly plans
 * (recurring_plans), not websites.plan: a monthly plan is what the client pays for and has a
 * status that says whether it still runs, while a website's plan is a free label with no end.
 * Plans requested from the Billing tab are named after the catalogue's examples ("Basic Care"),
 * and staff may type their own name ("Monthly maintenance"): both count (see src/content).
 * Wall-clock hours: business-hours calendars are out of scope.
 */

const HOUR_MS = 60 * 60 * 1000;

export type ServiceLevel = FirstResponseTarget & {
  /** The client's plan that gave this target, else their first active plan; null: none. */
  plan: string | null;
};

/** The plan names that mean a catalogue plan: its name, its examples' names, and its id. */
function catalogueNames(pricingPlanId: string): { exact: Set<string>; word: string } {
  const plan = pricingPlans.find((entry) => entry.id === pricingPlanId);
  const names = plan ? [plan.name, ...plan.examples.map((example) => example.type)] : [];
  return {
    exact: new Set(names.map((name) => name.trim().toLowerCase())),
    word: pricingPlanId.toLowerCase(),
  };
}

/** Whether a monthly plan's name means a catalogue plan ("Basic Care" is "maintenance"). */
export function isCataloguePlan(planName: string, pricingPlanId: string): boolean {
  const { exact, word } = catalogueNames(pricingPlanId);
  const lower = planName.trim().toLowerCase();
  return exact.has(lower) || lower.includes(word);
}

/** The service level of a client whose active monthly plans are these (oldest first). */
export function serviceLevelFor(planNames: string[]): ServiceLevel {
  for (const target of firstResponseTargets.byPlan) {
    const plan = planNames.find((name) => isCataloguePlan(name, target.pricingPlanId));
    if (plan) return { label: target.label, hours: target.hours, plan };
  }
  return { ...firstResponseTargets.otherwise, plan: planNames[0] ?? null };
}

/** Each company's service level, from its active monthly plans. */
export async function serviceLevels(
  db: DbExecutor,
  companyIds: string[],
): Promise<Map<string, ServiceLevel>> {
  const rows =
    companyIds.length === 0
      ? []
      : await db
          .select({ companyId: recurringPlans.companyId, name: recurringPlans.name })
          .from(recurringPlans)
          .where(
            and(inArray(recurringPlans.companyId, companyIds), eq(recurringPlans.status, "active")),
          )
          .orderBy(asc(recurringPlans.createdAt));
  const names = new Map<string, string[]>(companyIds.map((id) => [id, []]));
  for (const row of rows) names.get(row.companyId)?.push(row.name);
  return new Map([...names].map(([id, plans]) => [id, serviceLevelFor(plans)]));
}

/** When the team's first reply to a ticket the company opens at `openedAt` is due. */
export async function firstResponseDueAt(
  db: DbExecutor,
  companyId: string,
  openedAt: Date,
): Promise<Date> {
  const level = (await serviceLevels(db, [companyId])).get(companyId)!;
  return new Date(openedAt.getTime() + level.hours * HOUR_MS);
}
