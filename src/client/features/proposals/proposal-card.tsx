import { FileSignature } from "lucide-react";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { formatMoney, formatDate } from "@shared/format";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { validUntilText } from "./proposal-parts";

/** The client's words for a proposal's status. */
export const clientStatusLabel: Record<string, string> = {
  sent: "Awaiting your answer",
  accepted: "Accepted",
  declined: "Declined",
};

/** A proposal on the Projects tab: its title, status, totals, and the button that opens it. */
export function ProposalCard({
  proposal,
  onOpen,
}: {
  proposal: ProposalSummary;
  onOpen: () => void;
}) {
  const headingId = `proposal-card-${proposal.id}`;
  return (
    <Card className="flex h-full flex-col p-5 sm:p-6">
      <article aria-labelledby={headingId} className="flex h-full flex-col">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400">
            <FileSignature className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h3
              id={headingId}
              className="font-sans text-lg leading-snug font-semibold break-words text-foreground"
            >
              {proposal.title}
            </h3>
            <div className="mt-1.5">
              <ProposalStatusBadge
                status={proposal.status}
                label={clientStatusLabel[proposal.status]}
              />
            </div>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">One-off</dt>
            <dd className="font-semibold text-foreground tabular-nums">
              {formatMoney(proposal.oneOffCents)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Monthly</dt>
            <dd className="font-semibold text-foreground tabular-nums">
              {formatMoney(proposal.monthlyCents)}/mo
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          {proposal.sentAt && <>Sent {formatDate(proposal.sentAt)} · </>}
          {validUntilText(proposal.validUntil)}
        </p>
        <div className="mt-auto pt-5">
          <Button
            variant={proposal.status === "sent" ? "default" : "outline"}
            onClick={onOpen}
            className="w-full sm:w-auto"
          >
            {proposal.status === "sent" ? "Read and answer" : "Open proposal"}
            <span className="sr-only">: {proposal.title}</span>
          </Button>
        </div>
      </article>
    </Card>
  );
}
