/*
 * An incident update's statuses and their labels. Plain code, without zod: a page that shows
 * them need not load the schemas.
 */

export const incidentUpdateStatusList = [
  "investigating",
  "identified",
  "monitoring",
  "resolved",
] as const;
export const incidentUpdateStatusLabels: Record<(typeof incidentUpdateStatusList)[number], string> =
  {
    investigating: "Investigating",
    identified: "Identified",
    monitoring: "Monitoring",
    resolved: "Resolved",
  };
