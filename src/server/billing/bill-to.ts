import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { companies } from "../db/schema";

/** A client company's billing address as its documents print it; null when it has none. */
export async function billingAddressOf(
  db: DbExecutor,
  companyId: string | null,
): Promise<string | null> {
  if (!companyId) return null;
  const [row] = await db
    .select({ billingAddress: companies.billingAddress })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.billingAddress ?? null;
}
