import { useState, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Copy, Download, FilePlus2 } from "lucide-react";
import { backOfficePaths, parseProposalOwner } from "@shared/deep-links";
import { formatCalendarDate } from "@shared/format";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { DetailPending } from "@/components/view-states";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { staffProposalPdfUrl, useStaffProposal } from "./api";
import { ProposalEditorForm } from "./proposal-editor-form";
import { emptyProposalForm, proposalFormValues } from "./proposal-form";
import { ResponseRecord, validUntilText } from "./proposal-parts";
import { FrozenVersion, VersionsList } from "./proposal-versions";

function Aside({ children }: { children: ReactNode }) {
  return <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-6">{children}</div>;
}

function backLink(owner: { companyId?: string | null }) {
  return owner.companyId ? (
    <BackLink href={backOfficePaths.client(owner.companyId)}>Client</BackLink>
  ) : (
    <BackLink href={backOfficePaths.pipeline()}>Pipeline</BackLink>
  );
}

/** /admin/proposals/new?leadId=... or ?companyId=...: a proposal's first draft. */
function NewProposal() {
  useDocumentTitle("New proposal");
  const owner = parseProposalOwner(useSearch());
  const companyId = owner && "companyId" in owner ? owner.companyId : null;
  const [initial] = useState(() => emptyProposalForm());
  return (
    <>
      <ViewHeader
        back={backLink({ companyId })}
        title="New proposal"
        description="Write the scope, add lines from the catalogue or your own, and save a draft. You send it from the next page."
      />
      {owner ? (
        <ProposalEditorForm editing={{ kind: "new", owner }} initial={initial} />
      ) : (
        <p role="alert" className="text-sm text-destructive">
          Open a new proposal from a lead or a client&apos;s page.
        </p>
      )}
    </>
  );
}

function ExistingProposal({ id }: { id: string }) {
  const { data: proposal, error, isPending, refetch } = useStaffProposal(id);
  useDocumentTitle(proposal ? proposal.title : "Proposal");

  // The version picked and the "new version" form hold until the latest version changes (a
  // send, a new version): then the latest is shown.
  const latest = proposal?.versions[0];
  const stamp = `${latest?.id}:${latest?.sentAt}`;
  const [choice, setChoice] = useState<{ stamp: string; selected?: string; next: boolean }>({
    stamp: "",
    next: false,
  });
  const current = choice.stamp === stamp ? choice : { stamp, selected: undefined, next: false };
  const selected = current.selected;
  const nextVersion = current.next;
  const setSelected = (versionId: string) => setChoice({ stamp, selected: versionId, next: false });
  const setNextVersion = (next: boolean) => setChoice({ ...current, next });

  if (error || isPending || !latest) {
    return (
      <DetailPending
        title="Proposal"
        back={<BackLink href={backOfficePaths.pipeline()}>Pipeline</BackLink>}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the proposal..."
        notFound="This proposal does not exist, or the link is incomplete."
      />
    );
  }

  const version = proposal.versions.find((v) => v.id === selected) ?? latest;
  const latestSent = proposal.versions.find((v) => v.sentAt);
  const editingDraft = !latest.sentAt && version.id === latest.id;
  const canMakeVersion = !nextVersion && latest.sentAt !== null && proposal.status !== "accepted";
  const who = proposal.companyName ?? proposal.leadName;
  const answered = proposal.response;
  const answeredVersion = proposal.versions.find((v) => v.id === answered?.versionId);

  return (
    <>
      <ViewHeader
        back={backLink(proposal)}
        title={proposal.title}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <ProposalStatusBadge status={proposal.status} />
            <span>Version {proposal.version}</span>
            {who && (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  For{" "}
                  {proposal.companyId ? (
                    <Link
                      href={backOfficePaths.client(proposal.companyId)}
                      className="font-medium text-accent underline underline-offset-4"
                    >
                      {who}
                    </Link>
                  ) : (
                    who
                  )}
                </span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{validUntilText(latest.validUntil)}</span>
          </span>
        }
        actions={
          <>
            {canMakeVersion && (
              <Button variant="outline" onClick={() => setNextVersion(true)}>
                <Copy aria-hidden="true" />
                Make a new version
              </Button>
            )}
            {latestSent && (
              <Button asChild variant="outline">
                <a
                  href={staffProposalPdfUrl(proposal.id, version.sentAt ? version.id : undefined)}
                  download
                >
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
            )}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {nextVersion ? (
            <ProposalEditorForm
              key={`next-${latest.id}`}
              editing={{ kind: "next", proposal }}
              initial={proposalFormValues(latest)}
              onCancel={() => setNextVersion(false)}
            />
          ) : editingDraft ? (
            <ProposalEditorForm
              key={latest.id}
              editing={{ kind: "draft", proposal, version: latest }}
              initial={proposalFormValues(latest)}
              preview={latest.scopeHtml}
            />
          ) : (
            <FrozenVersion version={version} />
          )}
        </div>
        <Aside>
          {answered && (
            <Panel title="The client's answer" headingId="proposal-answer">
              <ResponseRecord response={answered} versionNumber={answeredVersion?.version} />
              {proposal.projectId && proposal.companyId && (
                <p className="mt-3 text-sm">
                  <Link
                    href={backOfficePaths.client(proposal.companyId)}
                    className="font-medium text-accent underline underline-offset-4"
                  >
                    The project is on the client&apos;s page
                  </Link>
                </p>
              )}
            </Panel>
          )}
          <VersionsList
            proposal={proposal}
            selected={nextVersion || editingDraft ? latest.id : version.id}
            onSelect={setSelected}
          />
          {!latest.sentAt && latestSent && (
            <p className="text-sm text-muted-foreground">
              v{latest.version} is a draft: the client still reads v{latestSent.version} until you
              send it.
            </p>
          )}
          {latestSent && !answered && (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <FilePlus2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Sent {formatCalendarDate(latestSent.sentAt!)}; waiting for the client&apos;s answer.
            </p>
          )}
        </Aside>
      </div>
    </>
  );
}

/** /admin/proposals/:id: write, send and follow a proposal; /admin/proposals/new starts one. */
export function ProposalEditorView({ id }: { id: string }) {
  return id === "new" ? <NewProposal /> : <ExistingProposal key={id} id={id} />;
}
