import { eq } from "drizzle-orm";
import type { Billing, BillingInput } from "@shared/schemas/billing";
import type { Db } from "../db/client";
import { billingAccounts } from "../db/schema";

export async function findBilling(db: Db, companyId: string): Promise<Billing | null> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, companyId));
  if (!row) return null;
  return {
    plan: row.plan,
    monthlyCostCents: row.monthlyCostCents,
    nextBillingDate: row.nextBillingDate,
    paymentMethod:
      row.cardBrand && row.cardLast4
        ? {
            brand: row.cardBrand,
            last4: row.cardLast4,
            expMonth: row.cardExpMonth,
            expYear: row.cardExpYear,
          }
        : null,
  };
}

/** Sets a client's plan and payment-method display details (never a card number). */
export async function saveBilling(db: Db, companyId: string, input: BillingInput) {
  const values = {
    plan: input.plan,
    monthlyCostCents: input.monthlyCostCents,
    nextBillingDate: input.nextBillingDate,
    cardBrand: input.cardBrand ?? null,
    cardLast4: input.cardLast4 ?? null,
    cardExpMonth: input.cardExpMonth ?? null,
    cardExpYear: input.cardExpYear ?? null,
  };
  await db
    .insert(billingAccounts)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: billingAccounts.companyId,
      set: { ...values, updatedAt: new Date() },
    });
  return findBilling(db, companyId);
}
