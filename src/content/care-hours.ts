/**
 * The hours a maintenance plan includes each month, and what an hour beyond them costs. These
 * are the defaults: staff may set other figures on a client's plan in the back office. A plan
 * counts as a maintenance plan as the support targets say (src/content/support.ts): named as the
 * catalogue's maintenance plan, as one of its examples, or with "maintenance" in its name.
 */
export interface CareHours {
  /** The rate of an hour beyond those included, in cents (integer). */
  hourlyRateCents: number;
  /** Hours included by the catalogue example a plan is named after (src/content/pricing.ts). */
  includedHoursByExample: Record<string, number>;
  /** Hours included by a maintenance plan named otherwise ("Monthly maintenance"). */
  includedHoursOtherwise: number;
}

export const careHours: CareHours = {
  hourlyRateCents: 12_500,
  includedHoursByExample: {
    "Basic Care": 2,
    "Standard Care": 5,
    "Premium Care": 12,
  },
  includedHoursOtherwise: 2,
};
