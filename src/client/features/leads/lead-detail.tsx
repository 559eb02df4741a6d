import { useId, useState, type ComponentType } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, StickyNote } from "lucide-react";
import {
  type LeadDetail,
  leadNoteInputSchema,
  type LeadStatus,
  leadStatuses,
} from "@shared/schemas/leads";
import { Field, fieldAria } from "@/components/form-field";
import { formatDateTime, humanize, leadKindLabel } from "@shared/format";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { DetailPending } from "@/components/view-states";
import { LeadKindBadge, LeadStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import { useAddLeadNote, useLead, useSetLeadStatus } from "./api";
import { ConvertLeadAction, LeadClientLink, type ConvertibleLead } from "./convert-lead";
import { inboxHref } from "./leads-inbox";

function StatusControl({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const setStatus = useSetLeadStatus(lead.kind, lead.id);
  const [announcement, setAnnouncement] = useState("");
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:w-56">
      <Label htmlFor={id}>Lead status</Label>
      <Select
        value={lead.status}
        disabled={setStatus.isPending}
        onValueChange={(status) =>
          setStatus.mutate(status as LeadStatus, {
            onSuccess: (saved) => setAnnouncement(`Status changed to ${humanize(saved.status)}.`),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "The status was not changed",
                description: errorMessage(error),
              }),
          })
        }
      >
        <SelectTrigger id={id} className="bg-card">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {leadStatuses.map((status) => (
            <SelectItem key={status} value={status}>
              {humanize(status)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {setStatus.isPending ? "Saving..." : announcement}
      </p>
    </div>
  );
}

function Notes({ lead }: { lead: LeadDetail }) {
  const addNote = useAddLeadNote(lead.kind, lead.id);
  const form = useForm({ resolver: zodResolver(leadNoteInputSchema), defaultValues: { body: "" } });
  const error = form.formState.errors.body?.message;
  const rootError = form.formState.errors.root?.server?.message;
  const onSubmit = form.handleSubmit(({ body }) =>
    addNote.mutateAsync(body).then(
      () => form.reset({ body: "" }),
      (failure: unknown) => showServerErrors(failure, form.setError, ["body"]),
    ),
  );

  return (
    <Panel
      title={`Notes (${lead.notes.length})`}
      description="Internal: only staff see these."
      headingId="lead-notes"
    >
      {lead.notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-border bg-sand/50 p-4">
              <p className="text-sm break-words whitespace-pre-wrap text-foreground">{note.body}</p>
              <p className="mt-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{note.authorName}</span>
                {" · "}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}

      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-3">
        <Field id="lead-note" label="Add a note" error={error}>
          <Textarea
            {...fieldAria("lead-note", error)}
            {...form.register("body")}
            rows={3}
            placeholder="Called them, sent a proposal, next step..."
          />
        </Field>
        {rootError && (
          <p role="alert" className="text-sm text-destructive">
            {rootError}
          </p>
        )}
        <div>
          <Button type="submit" variant="secondary" disabled={addNote.isPending}>
            <StickyNote aria-hidden="true" />
            {addNote.isPending ? "Adding..." : "Add note"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** A section of a lead's page that another noun owns (its proposals, its calls). */
export type LeadPanel = ComponentType<{ lead: ConvertibleLead }>;

export function LeadDetailView({
  kind,
  id,
  proposals: ProposalsPanel,
  calls: CallsPanel,
}: {
  kind: string;
  id: string;
  /** The lead's proposals, when the page has them. */
  proposals?: LeadPanel;
  /** The lead's Discovery Calls, when the page has them. */
  calls?: LeadPanel;
}) {
  const { data: lead, error, isPending, refetch } = useLead(kind, id);
  useDocumentTitle(lead ? `${lead.name} (${leadKindLabel(lead.kind)})` : "Lead");
  const back = <BackLink href={inboxHref()}>All leads</BackLink>;

  if (error || isPending) {
    return (
      <DetailPending
        title="Lead"
        back={back}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the lead..."
        notFound="This lead does not exist. It may have been removed, or the link is incomplete."
      />
    );
  }

  return (
    <>
      <ViewHeader
        back={back}
        title={lead.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <LeadKindBadge kind={lead.kind} />
            <LeadStatusBadge status={lead.status} />
            <span>
              Ref <span className="font-mono text-foreground">{lead.reference}</span>
            </span>
            <span aria-hidden="true" className="max-sm:hidden">
              ·
            </span>
            <span>
              Received <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            </span>
            {lead.companyId && (
              <>
                <span aria-hidden="true" className="max-sm:hidden">
                  ·
                </span>
                <LeadClientLink lead={lead} />
              </>
            )}
          </span>
        }
        actions={
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-start">
            <StatusControl lead={lead} />
            <ConvertLeadAction lead={lead} />
            <Button asChild variant="outline" className="sm:mt-6">
              <a href={`mailto:${lead.email}?subject=${encodeURIComponent(`Re: ${lead.topic}`)}`}>
                <Mail aria-hidden="true" />
                Reply by email
              </a>
            </Button>
          </div>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Panel
          title={lead.kind === "contact" ? "Message" : "Project application"}
          description="Every field as the visitor sent it."
          headingId="lead-fields"
        >
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[11rem_minmax(0,1fr)]">
            {lead.fields.map((field) => (
              <div key={field.label} className="contents">
                <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
                <dd className="-mt-3 text-sm break-words whitespace-pre-wrap text-foreground sm:mt-0">
                  {field.value || <span className="text-muted-foreground italic">Not given</span>}
                </dd>
              </div>
            ))}
          </dl>
        </Panel>
        <div className="flex min-w-0 flex-col gap-6">
          {CallsPanel && <CallsPanel lead={lead} />}
          {ProposalsPanel && <ProposalsPanel lead={lead} />}
          <Notes lead={lead} />
        </div>
      </div>
    </>
  );
}
