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

/**
 * What each role may use, in words that follow "can use": the invitation email and the role
 * picker say it from here. It follows the server's rules: the team is the owners', billing
 * (invoices, monthly plans, payment methods) and answering proposals are owners' and billing
 * members', and everyone sees the company's websites, domains, projects and support tickets.
 */
export const memberRoleAllows: Record<MemberRole, string> = {
  owner:
    "everything: the websites, domains, projects and support tickets, billing (invoices, monthly plans and payment methods), answering proposals, and managing the team",
  billing:
    "the websites, domains, projects and support tickets, billing (invoices, monthly plans and payment methods) and answering proposals, but not the team",
  member: "the websites, domains, projects and support tickets, but not billing or the team",
};
