import { brand } from "@content/site";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type Person = { name: string; email: string };
type ProposalRef = {
  title: string;
  version: number;
  oneOff: string;
  monthly: string;
  validUntil: string;
};

/**
 * To a client's owner or billing member: a proposal (or a new version of it) is waiting. The
 * link signs them in once and opens the proposal in the portal.
 */
export function proposalSentEmail(
  client: Person,
  proposal: ProposalRef,
  link: string,
  settings: { agencyInbox: string },
): QueuedEmail {
  return simpleEmail(
    "proposal-sent",
    client.email,
    `Your proposal from ${brand.name}: ${proposal.title}`,
    [
      `Hi ${client.name},`,
      proposal.version > 1
        ? `We have sent you version ${proposal.version} of our proposal "${proposal.title}".`
        : `We have sent you our proposal "${proposal.title}".`,
      `One-off: ${proposal.oneOff}. Monthly: ${proposal.monthly}. It is valid until ${proposal.validUntil}.`,
      "Read it in your client portal, where you can accept it or decline it. The button below signs you in.",
    ],
    { label: "Read the proposal", href: link },
    settings.agencyInbox,
  );
}

/** To the agency: the client accepted or declined a proposal. */
export function proposalAnsweredEmail(
  answer: { decision: "accepted"; signedName: string } | { decision: "declined"; reason: string },
  proposal: { title: string; version: number; companyName: string; oneOff: string },
  client: Person,
  link: string,
  settings: { agencyInbox: string },
): QueuedEmail {
  const accepted = answer.decision === "accepted";
  return simpleEmail(
    "proposal-answered",
    settings.agencyInbox,
    `Proposal ${accepted ? "accepted" : "declined"}: ${proposal.title}`,
    accepted
      ? [
          `${client.name} <${client.email}> of ${proposal.companyName} accepted version ${proposal.version} of "${proposal.title}" (one-off ${proposal.oneOff}), signing as ${answer.signedName}.`,
          "The project is open with its milestones.",
        ]
      : [
          `${client.name} <${client.email}> of ${proposal.companyName} declined version ${proposal.version} of "${proposal.title}".`,
          `Their reason: ${answer.reason}`,
        ],
    { label: "Open the client", href: link },
    client.email,
  );
}
