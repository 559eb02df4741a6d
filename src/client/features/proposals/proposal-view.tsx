import { useEffect, useRef } from "react";
import { ArrowLeft, Download } from "lucide-react";
import { formatDate } from "@shared/format";
import { LinesTable } from "@/components/lines-table";
import { LoadError, LoadingCards } from "@/components/view-states";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/api";
import { proposalPdfUrl, useProposal } from "./api";
import { Answered, AnswerForm } from "./proposal-answer";
import { clientStatusLabel } from "./proposal-card";
import { ScopeHtml, TermsText, TotalsSummary, validUntilText } from "./proposal-parts";

/** One proposal, opened on the Projects tab: its latest version to read, and the answer. */
export function ProposalView({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: proposal, isPending, isError, error, refetch } = useProposal(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (proposal) heading.current?.focus({ preventScroll: false });
  }, [proposal?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = (
    <Button variant="ghost" size="sm" onClick={onClose} className="-ml-3 mb-3">
      <ArrowLeft aria-hidden="true" />
      All proposals
    </Button>
  );
  if (isPending) return <LoadingCards label="Loading the proposal..." count={1} columns={1} />;
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="mb-8">
        {back}
        {missing ? (
          <p role="alert" className="rounded-2xl border border-border bg-card p-5 text-sm">
            We could not find this proposal. The link may be incomplete, or it was sent to another
            company.
          </p>
        ) : (
          <LoadError what="this proposal" onRetry={() => void refetch()} />
        )}
      </div>
    );
  }
  // The latest version sent; the client sees sent versions only.
  const version =
    proposal.versions.find((v) => v.id === proposal.response?.versionId) ?? proposal.versions[0];
  if (!version) return null;
  const headingId = `proposal-${proposal.id}`;

  return (
    <div className="mb-10">
      {back}
      <Card className="p-5 sm:p-8">
        <article aria-labelledby={headingId}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-gold-800 uppercase">
                Proposal · version {version.version}
              </p>
              <h3
                id={headingId}
                ref={heading}
                tabIndex={-1}
                className="mt-1 font-sans text-2xl leading-snug font-semibold break-words text-foreground outline-none"
              >
                {version.title}
              </h3>
              <p className="mt-1.5 text-sm text-muted-foreground">
                {version.sentAt && <>Sent {formatDate(version.sentAt)} · </>}
                {validUntilText(version.validUntil)}
              </p>
            </div>
            <ProposalStatusBadge
              status={proposal.status}
              label={clientStatusLabel[proposal.status]}
            />
          </div>

          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section aria-label="Scope">
              <h4 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Scope
              </h4>
              <ScopeHtml html={version.scopeHtml} />
            </section>
            <section aria-label="Price and payment plan">
              <h4 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Price and payment plan
              </h4>
              <TotalsSummary totals={version} className="bg-paper" />
            </section>
          </div>

          <section aria-label="Lines" className="mt-8">
            <h4 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              What is included
            </h4>
            <LinesTable lines={version.lines} caption={`What ${version.title} includes`} />
          </section>

          {version.terms.length > 0 && (
            <section aria-labelledby={`${headingId}-terms`} className="mt-8">
              <h4
                id={`${headingId}-terms`}
                className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                Terms
              </h4>
              <div className="rounded-xl border border-border bg-paper p-4 sm:p-5">
                <TermsText terms={version.terms} />
              </div>
            </section>
          )}

          {!proposal.response && (
            <p className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:items-center sm:gap-3">
              <Button asChild variant="outline" className="self-start">
                <a href={proposalPdfUrl(proposal.id)} download>
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
              To read it offline or share it before you decide.
            </p>
          )}

          <div className="mt-8">
            {proposal.response ? (
              <Answered proposal={proposal} />
            ) : (
              <AnswerForm key={version.id} proposal={proposal} version={version} />
            )}
          </div>
        </article>
      </Card>
    </div>
  );
}
