import { brand } from "@content/site";
import { memberRoleAllows, memberRoleLabels, type MemberRole } from "@shared/member-roles";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type Person = { name: string; email: string };

/**
 * To a new member of a client company (its first owner, invited by staff, or someone its owner
 * invited): their account exists; the link signs them in.
 */
export function invitationEmail(
  client: Person,
  role: MemberRole,
  link: string,
  days: number,
  settings: { agencyInbox: string },
  companyName?: string,
): QueuedEmail {
  return simpleEmail(
    "client-invitation",
    client.email,
    companyName
      ? `You have been added to ${companyName} on the ${brand.name} client portal`
      : `Your ${brand.name} client portal is ready`,
    [
      `Hi ${client.name},`,
      companyName
        ? `You are now a member of ${companyName} on the ${brand.name} client portal: your company's websites, domains and support tickets in one place.`
        : `We have set up your ${brand.name} client portal: your websites, domains, billing and support tickets in one place.`,
      `Your role is ${memberRoleLabels[role]}, so you can use ${memberRoleAllows[role]}.`,
      `The button below signs you in. It works once and expires in ${days} days; after that, ask for a new link on the sign-in page with this email address.`,
    ],
    { label: "Open my client portal", href: link },
    settings.agencyInbox,
  );
}
