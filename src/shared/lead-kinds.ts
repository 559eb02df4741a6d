/*
 * A lead's kinds and statuses. Plain code, apart from the schemas: the back office's inbox
 * filters by them without fetching zod (docs/performance.md).
 */

/**
 * A lead is what a visitor sends the agency: a contact message ("Send Us a Message") or a
 * project application (the "Project Application" form at /apply).
 */
export const leadKinds = ["contact", "application"] as const;
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadKind = (typeof leadKinds)[number];
export type LeadStatus = (typeof leadStatuses)[number];
