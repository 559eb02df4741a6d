/*
 * What a member of a client company may do. Plain code, apart from the schemas: the
 * dashboard's first load decides which tabs to show without fetching zod (docs/performance.md).
 */

/** Owners run the team, owners and billing members see billing. */
export const memberRoles = ["owner", "billing", "member"] as const;
export type MemberRole = (typeof memberRoles)[number];

export const memberRoleLabels: Record<MemberRole, string> = {
  owner: "Owner",
  billing: "Billing",
  member: "Member",
};

/** Whether a role sees invoices, plans and payment methods. */
export const seesBilling = (role: MemberRole) => role === "owner" || role === "billing";
