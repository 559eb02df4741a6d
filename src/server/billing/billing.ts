import { eq } from "drizzle-orm";
import type { Billing } from "@shared/schemas/billing";
import type { Db } from "../db/client";
import { billingAccounts } from "../db/schema";

export async function findBilling(db: Db, userId: string): Promise<Billing | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
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
