import { Link } from "wouter";
import { ChevronRight, FilePlus2 } from "lucide-react";
import { backOfficePaths, type ProposalOwner } from "@shared/deep-links";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { Panel } from "@/components/panel";
import { LoadingState, QueryError } from "@/components/view-states";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { useStaffProposals } from "./api";

function ProposalRow({ proposal }: { proposal: ProposalSummary }) {
  return (
    <Link
      href={backOfficePaths.proposal(proposal.id)}
      className="group flex items-center justify-between gap-3 rounded-xl px-2 py-3 transition-colors hover:bg-gold-50"
    >
      <span className="min-w-0">
        <span className="block text-sm font-semibold break-words text-foreground group-hover:underline">
          {proposal.title}
        </span>
        <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <ProposalStatusBadge status={proposal.status} />
          <span className="text-xs text-muted-foreground">v{proposal.version}</span>
        </span>
        <span className="mt-1 block text-xs text-muted-foreground tabular-nums">
          {formatMoney(proposal.oneOffCents)} one-off
          {proposal.monthlyCents > 0 && <> · {formatMoney(proposal.monthlyCents)}/mo</>}
          {" · "}Valid until{" "}
          <time dateTime={proposal.validUntil}>{formatCalendarDate(proposal.validUntil)}</time>
        </span>
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

function ProposalsList({ owner, headingId }: { owner: ProposalOwner; headingId: string }) {
  const { data: proposals, error, isPending, refetch } = useStaffProposals(owner);
  return (
    <Panel
      title={proposals ? `Proposals (${proposals.length})` : "Proposals"}
      description="Open one to edit its draft, send it or read the client's answer."
      headingId={headingId}
      actions={
        <Button asChild size="sm">
          <Link href={backOfficePaths.newProposal(owner)}>
            <FilePlus2 aria-hidden="true" />
            New proposal
          </Link>
        </Button>
      }
    >
      {isPending ? (
        <LoadingState label="Loading the proposals..." />
      ) : error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : proposals.length === 0 ? (
        <p className="text-sm text-muted-foreground">No proposals yet.</p>
      ) : (
        <ul className="-mx-2 -my-1 flex flex-col">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <ProposalRow proposal={proposal} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** A client's proposals on their page in the back office. */
export function ClientProposalsPanel({ client }: { client: { company: { id: string } } }) {
  return <ProposalsList owner={{ companyId: client.company.id }} headingId="client-proposals" />;
}

/** A lead's proposals on its page. */
export function LeadProposalsPanel({ lead }: { lead: { id: string } }) {
  return <ProposalsList owner={{ leadId: lead.id }} headingId="lead-proposals" />;
}
