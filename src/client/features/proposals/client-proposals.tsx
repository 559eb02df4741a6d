import { useEffect, useId, useRef, useState } from "react";
import { ArrowLeft, Check, Download, FileSignature, FolderKanban, Loader2, X } from "lucide-react";
import type { ProposalDetail, ProposalSummary, ProposalVersion } from "@shared/schemas/proposals";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatCents, formatDate } from "@/components/format";
import { LinesTable } from "@/components/lines-table";
import { LoadError, LoadingCards } from "@/components/parts";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import {
  proposalPdfUrl,
  useAcceptProposal,
  useDeclineProposal,
  useProposal,
  useProposals,
} from "./api";
import { isPast, ScopeHtml, TermsText, TotalsSummary, validUntilText } from "./proposal-parts";

/** The client's words for a proposal's status. */
const clientStatusLabel: Record<string, string> = {
  sent: "Awaiting your answer",
  accepted: "Accepted",
  declined: "Declined",
};

function ProposalCard({ proposal, onOpen }: { proposal: ProposalSummary; onOpen: () => void }) {
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
              {formatCents(proposal.oneOffCents)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Monthly</dt>
            <dd className="font-semibold text-foreground tabular-nums">
              {formatCents(proposal.monthlyCents)}/mo
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

/** Full name and the terms ticked: the acceptance of the version shown, with its hash. */
function AcceptForm({ proposal, version }: { proposal: ProposalDetail; version: ProposalVersion }) {
  const id = useId();
  const accept = useAcceptProposal(proposal.id);
  const decline = useDeclineProposal(proposal.id);
  const [name, setName] = useState("");
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; agree?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const pending = accept.isPending || decline.isPending;

  const onError = (error: unknown) => {
    const fields = error instanceof ApiError ? error.fieldErrors : undefined;
    if (fields?.signedName || fields?.agreeToTerms || fields?.reason) {
      setErrors({ name: fields.signedName, agree: fields.agreeToTerms, reason: fields.reason });
    } else setFailure(errorMessage(error));
  };

  const onAccept = () => {
    if (pending) return;
    const next = {
      name: name.trim().length >= 2 ? undefined : "Type your full name to accept",
      agree: agree ? undefined : "Tick the box to agree to the terms",
    };
    setErrors(next);
    setFailure(undefined);
    if (next.name || next.agree) {
      document.getElementById(next.name ? `${id}-name` : `${id}-agree`)?.focus();
      return;
    }
    accept.mutate(
      {
        versionId: version.id,
        contentHash: version.contentHash,
        signedName: name,
        agreeToTerms: true,
      },
      {
        onSuccess: () =>
          toast({
            title: "Proposal accepted, thank you",
            description: "Your project has started: its milestones are below.",
          }),
        onError,
      },
    );
  };

  const onDecline = () => {
    if (pending) return;
    setFailure(undefined);
    if (reason.trim().length < 3) {
      setErrors({ reason: "Tell us in a few words why you are declining" });
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    decline.mutate(
      { versionId: version.id, contentHash: version.contentHash, reason },
      {
        onSuccess: () =>
          toast({ title: "Proposal declined", description: "Thank you for letting us know." }),
        onError,
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-gold-500/50 bg-gold-50 p-5 sm:p-6"
    >
      <h4 id={`${id}-heading`} className="font-sans text-lg font-semibold text-foreground">
        {declining ? "Decline this proposal" : "Accept this proposal"}
      </h4>
      {isPast(version.validUntil) && (
        <p className="mt-1 text-sm text-amber-900">
          This proposal was valid until {formatCalendarDate(version.validUntil)}. Ask us for a new
          one if you would still like to go ahead.
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      {declining ? (
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onDecline();
          }}
        >
          <Field id={`${id}-reason`} label="Why are you declining?" error={errors.reason}>
            <Textarea
              {...fieldAria(`${id}-reason`, errors.reason)}
              rows={4}
              maxLength={2000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" variant="secondary" aria-disabled={pending || undefined}>
              {decline.isPending && (
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              )}
              Decline proposal
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeclining(false)}>
              Back
            </Button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onAccept();
          }}
        >
          <Field
            id={`${id}-name`}
            label="Full name"
            hint="Typing your name signs the proposal."
            error={errors.name}
            className="sm:max-w-sm"
          >
            <Input
              {...fieldAria(`${id}-name`, errors.name, true)}
              value={name}
              maxLength={200}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-2">
            <label
              htmlFor={`${id}-agree`}
              className="inline-flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm font-medium text-foreground"
            >
              <input
                id={`${id}-agree`}
                type="checkbox"
                checked={agree}
                onChange={(event) => setAgree(event.target.checked)}
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-ink-950"
              />
              I agree to the terms of this proposal, including the payment plan
            </label>
            {errors.agree && (
              <p
                id={`${id}-agree-error`}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {errors.agree}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button type="submit" aria-disabled={pending || undefined}>
              {accept.isPending ? (
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <Check aria-hidden="true" />
              )}
              Accept proposal
            </Button>
            <Button type="button" variant="ghost" onClick={() => setDeclining(true)}>
              <X aria-hidden="true" />
              Decline
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** After the answer: who accepted and when, the project and the PDF; or the decline. */
function Answered({ proposal }: { proposal: ProposalDetail }) {
  const response = proposal.response!;
  if (response.decision === "declined") {
    return (
      <div className="rounded-2xl border border-border bg-sand/50 p-5">
        <p className="font-semibold text-foreground">
          Declined on {formatDate(response.createdAt)}
        </p>
        {response.reason && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">
            “{response.reason}”
          </p>
        )}
        <p className="mt-2 text-sm text-muted-foreground">
          Thank you for telling us. If anything changes, reply to our email or open a ticket.
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-emerald-200 bg-emerald-50/70 p-5">
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <Check className="size-5" aria-hidden="true" />
        Accepted by {response.signedName} on {formatDate(response.createdAt)}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {proposal.projectId && (
          <Button asChild>
            <a
              href={`#project-${proposal.projectId}`}
              onClick={(event) => {
                const target = document.getElementById(`project-${proposal.projectId}`);
                if (!target) return;
                event.preventDefault();
                target.scrollIntoView({ behavior: "smooth", block: "start" });
                target.setAttribute("tabindex", "-1");
                target.focus({ preventScroll: true });
              }}
            >
              <FolderKanban aria-hidden="true" />
              View your project
            </a>
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={proposalPdfUrl(proposal.id)} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      </div>
    </div>
  );
}

function ProposalView({ id, onClose }: { id: string; onClose: () => void }) {
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
              <AcceptForm key={version.id} proposal={proposal} version={version} />
            )}
          </div>
        </article>
      </Card>
    </div>
  );
}

/**
 * The client's proposals, first on the Projects tab: a card each, and the one open (from a
 * card, or the emailed link's ?proposal=<id>) to read and answer.
 */
export function ClientProposals({
  openId,
  onOpen,
  onClose,
}: {
  openId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const { data: proposals, isPending, isError, refetch } = useProposals();
  if (openId) return <ProposalView id={openId} onClose={onClose} />;
  if (isPending) return null;
  if (isError) {
    return (
      <div className="mb-8">
        <LoadError what="your proposals" onRetry={() => void refetch()} />
      </div>
    );
  }
  if (proposals.length === 0) return null;
  return (
    <section aria-labelledby="proposals-heading" className="mb-10">
      <h3
        id="proposals-heading"
        className="mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Your proposals
      </h3>
      <ul className="grid gap-5 md:grid-cols-2">
        {proposals.map((proposal) => (
          <li key={proposal.id}>
            <ProposalCard proposal={proposal} onOpen={() => onOpen(proposal.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
