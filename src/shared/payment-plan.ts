/**
 * The seed's payment plan for one-off work: 50% deposit, 25% at the mid-point, 25% on
 * completion. Amounts are integer cents: the deposit is rounded up, the mid-point down, and
 * completion takes what is left, so the three parts always add up to the total and each is
 * within a cent of its share.
 */
export type PaymentPlan = { depositCents: number; midpointCents: number; completionCents: number };

export function splitPaymentPlan(totalCents: number): PaymentPlan {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`a total in whole cents, not ${totalCents}`);
  }
  const depositCents = Math.ceil(totalCents / 2);
  const midpointCents = Math.floor((totalCents - depositCents) / 2);
  return {
    depositCents,
    midpointCents,
    completionCents: totalCents - depositCents - midpointCents,
  };
}

/** What a proposal's lines add up to, in cents: the one-off build and the monthly charges. */
export function lineTotals(
  lines: { billing: "one-off" | "monthly"; quantity: number; unitPriceCents: number }[],
): { oneOffCents: number; monthlyCents: number } {
  let oneOffCents = 0;
  let monthlyCents = 0;
  for (const line of lines) {
    const amount = line.quantity * line.unitPriceCents;
    if (line.billing === "one-off") oneOffCents += amount;
    else monthlyCents += amount;
  }
  return { oneOffCents, monthlyCents };
}
