import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Download, FolderKanban, Loader2, X } from "lucide-react";
import {
  acceptProposalSchema,
  declineProposalSchema,
  type ProposalDetail,
  type ProposalVersion,
} from "@shared/schemas/proposals";
import { z } from "@shared/schemas/zod";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatDate } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { proposalPdfUrl, useAcceptProposal, useDeclineProposal } from "./api";
import { isPast } from "./proposal-parts";

/*
 * The client's answer to a proposal: the forms that give it (the name typed and the terms
 * ticked, or why they decline), then the record of it once given.
 */

/** The accept form's fields, with the shared schema's rules and words. */
const acceptFormSchema = z.object({
  signedName: acceptProposalSchema.shape.signedName,
  // A checkbox holds true or false; only true agrees.
  agreeToTerms: z.boolean().pipe(acceptProposalSchema.shape.agreeToTerms),
});
const declineFormSchema = declineProposalSchema.pick({ reason: true });

type Answering = { proposal: ProposalDetail; version: ProposalVersion };

/** Full name and the terms ticked: the acceptance of the version shown, with its hash. */
function AcceptForm({
  proposal,
  version,
  id,
  onDecline,
}: Answering & { id: string; onDecline: () => void }) {
  const accept = useAcceptProposal(proposal.id);
  const form = useForm<
    z.input<typeof acceptFormSchema>,
    unknown,
    z.output<typeof acceptFormSchema>
  >({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { signedName: "", agreeToTerms: false },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ signedName }) => {
    if (accept.isPending) return;
    accept.mutate(
      { versionId: version.id, contentHash: version.contentHash, signedName, agreeToTerms: true },
      {
        onSuccess: () =>
          toast({
            title: "Proposal accepted, thank you",
            description: "Your project has started: its milestones are below.",
          }),
        onError: (error) => showServerErrors(error, form.setError, ["signedName", "agreeToTerms"]),
      },
    );
  });
  return (
    <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
      <ServerRefusal message={errors.root?.server?.message} />
      <Field
        id={`${id}-name`}
        label="Full name"
        hint="Typing your name signs the proposal."
        error={errors.signedName?.message}
        className="sm:max-w-sm"
      >
        <Input
          {...fieldAria(`${id}-name`, errors.signedName?.message, true)}
          {...form.register("signedName")}
          maxLength={200}
          autoComplete="name"
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
            {...form.register("agreeToTerms")}
            aria-invalid={errors.agreeToTerms ? true : undefined}
            aria-describedby={errors.agreeToTerms ? `${id}-agree-error` : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-ink-950"
          />
          I agree to the terms of this proposal, including the payment plan
        </label>
        {errors.agreeToTerms && (
          <p id={`${id}-agree-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.agreeToTerms.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" aria-disabled={accept.isPending || undefined}>
          {accept.isPending ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Accept proposal
        </Button>
        <Button type="button" variant="ghost" onClick={onDecline}>
          <X aria-hidden="true" />
          Decline
        </Button>
      </div>
    </form>
  );
}

/** Why the client declines: the decline of the version shown, with its hash. */
function DeclineForm({
  proposal,
  version,
  id,
  onBack,
}: Answering & { id: string; onBack: () => void }) {
  const decline = useDeclineProposal(proposal.id);
  const form = useForm<
    z.input<typeof declineFormSchema>,
    unknown,
    z.output<typeof declineFormSchema>
  >({
    resolver: zodResolver(declineFormSchema),
    defaultValues: { reason: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ reason }) => {
    if (decline.isPending) return;
    decline.mutate(
      { versionId: version.id, contentHash: version.contentHash, reason },
      {
        onSuccess: () =>
          toast({ title: "Proposal declined", description: "Thank you for letting us know." }),
        onError: (error) => showServerErrors(error, form.setError, ["reason"]),
      },
    );
  });
  return (
    <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
      <ServerRefusal message={errors.root?.server?.message} />
      <Field id={`${id}-reason`} label="Why are you declining?" error={errors.reason?.message}>
        <Textarea
          {...fieldAria(`${id}-reason`, errors.reason?.message)}
          {...form.register("reason")}
          rows={4}
          maxLength={2000}
        />
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="secondary" aria-disabled={decline.isPending || undefined}>
          {decline.isPending && (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          )}
          Decline proposal
        </Button>
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}

function ServerRefusal({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** Accept or decline the version shown: one form, then the other if the client declines. */
export function AnswerForm({ proposal, version }: Answering) {
  const id = useId();
  const [declining, setDeclining] = useState(false);
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
      {declining ? (
        <DeclineForm
          proposal={proposal}
          version={version}
          id={id}
          onBack={() => setDeclining(false)}
        />
      ) : (
        <AcceptForm
          proposal={proposal}
          version={version}
          id={id}
          onDecline={() => setDeclining(true)}
        />
      )}
    </section>
  );
}

/** After the answer: who accepted and when, the project and the PDF; or the decline. */
export function Answered({ proposal }: { proposal: ProposalDetail }) {
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
