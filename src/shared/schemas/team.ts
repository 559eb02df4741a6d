import { z } from "./zod";
import { memberRoles } from "../member-roles";
import { emailField, optionalText } from "./fields";

export {
  memberRoleAllows,
  memberRoleLabels,
  memberRoles,
  seesBilling,
  type MemberRole,
} from "../member-roles";

const roleField = z.enum(memberRoles, { error: "Choose owner, billing or member" });

/** The signed-in person's company and role in it: GET /api/team. */
export const membershipSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  role: roleField,
});
export type Membership = z.infer<typeof membershipSchema>;

/** One member of a company, as the Team section and the back office list them. */
export const memberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleField,
  joinedAt: z.string(),
  /** Invited and never signed in: the team shows it, with a button to send the invitation again. */
  invited: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** Inviting someone to a company: their account is created and a sign-in link emailed. */
export const inviteMemberSchema = z.object({
  email: emailField,
  firstName: optionalText("First name", 100, "First name must be at most 100 characters"),
  lastName: optionalText("Last name", 100, "Last name must be at most 100 characters"),
  role: roleField.default("member"),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;
export type InviteMember = z.output<typeof inviteMemberSchema>;

/** Changing a member's role. */
export const memberRoleUpdateSchema = z.object({ role: roleField });
export type MemberRoleUpdate = z.output<typeof memberRoleUpdateSchema>;

/** A member, by their user id. */
export const memberParamsSchema = z.object({ id: z.uuid({ error: "Not found" }) });
/** A company's member (staff): the company's id and the member's user id. */
export const companyMemberParamsSchema = z.object({
  id: z.uuid({ error: "Not found" }),
  userId: z.uuid({ error: "Not found" }),
});

/** The messages of the team's rules, the same for owners and staff. */
export const teamMessages = {
  lastOwner: "A company needs at least one owner: make someone else an owner first.",
  otherCompany: "That email address belongs to a member of another company.",
  alreadyMember: "That person is already a member of this company.",
  ownersOnly: "Only the company's owners manage its team.",
  noCompany: "Your account is not a member of a client company.",
  staffNotMember: "That email address belongs to agency staff.",
  signedInAlready:
    "That member has signed in already: they can ask for a link on the sign-in page.",
} as const;
