/**
 * Support promises: how soon the team sends its first reply to a new ticket, by the client's
 * plan. Plain data; the back office's ticket queue counts down to these targets.
 */

export interface FirstResponseTarget {
  /** What the queue calls this level of service, e.g. "Maintenance". */
  label: string;
  /** Hours from the ticket being opened to the team's first reply. */
  hours: number;
}

export interface PlanResponseTarget extends FirstResponseTarget {
  /**
   * The catalogue plan (an id in src/content/pricing.ts) whose clients get this target. A
   * client has it while one of their active monthly plans is that catalogue plan: named as the
   * plan ("Management & Maintenance"), as one of its examples ("Basic Care"), or with its id
   * in the name ("Monthly maintenance").
   */
  pricingPlanId: string;
}

/**
 * The first match wins, in this order; every other client (hosting only, or no monthly plan)
 * gets `otherwise`. Hours are wall-clock hours, nights and weekends included: the queue keeps no
 * business-hours calendar.
 */
export const firstResponseTargets: {
  byPlan: PlanResponseTarget[];
  otherwise: FirstResponseTarget;
} = {
  byPlan: [{ pricingPlanId: "maintenance", label: "Maintenance", hours: 4 }],
  otherwise: { label: "Standard", hours: 24 },
};
