import { useId, useState, type ComponentType, type ReactNode } from "react";
import { Globe, Lock, UserRound } from "lucide-react";
import { backOfficeLists } from "@shared/deep-links";
import {
  ticketPriorities,
  ticketStatuses,
  type QueueTicket,
  type StaffTicketDetail,
  type StaffTicketMessage,
  type TicketUpdate,
} from "@shared/schemas/tickets";
import { formatDateTime, formatDuration, humanize } from "@shared/format";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { DetailPending } from "@/components/view-states";
import { PriorityBadge, TicketStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/lib/auth";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useStaffTicket, useTicketChoices, useQueueEntry, useUpdateTicket } from "./api";
import { AttachmentList } from "./attachment-list";
import { FirstResponseBadge } from "./first-response-badge";
import { StaffReplyForm } from "./staff-reply-form";

/** A link to the client's page from their email (the page gives it: clients are their own noun). */
export type ClientLink = (companyId: string) => ReactNode;
/** The time logged on the ticket, given by the page (hours are their own noun). */
type TimePanel = ComponentType<{ ticketId: string; clientId: string }>;

/** What a message is, as its label and its landmark's name say it. */
const messageKind = (message: StaffTicketMessage) =>
  message.internal ? "Internal note" : message.fromStaff ? "Staff reply" : "Client message";

function Thread({ ticket }: { ticket: StaffTicketDetail }) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Messages, oldest first">
      {ticket.messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            "rounded-2xl border p-4 sm:p-5",
            message.internal
              ? "border-2 border-dashed border-amber-500 bg-amber-100 sm:ml-10"
              : message.fromStaff
                ? "border-gold-300 bg-gold-50 sm:ml-10"
                : "border-border bg-card sm:mr-10",
          )}
        >
          <article aria-label={`${messageKind(message)} from ${message.authorName}`}>
            <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-semibold text-foreground">{message.authorName}</span>
              <span
                className={cn(
                  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
                  message.internal
                    ? "bg-amber-800 text-white"
                    : message.fromStaff
                      ? "bg-ink-950 text-gold-300"
                      : "bg-sand text-foreground",
                )}
              >
                {message.internal && <Lock className="size-3" aria-hidden="true" />}
                {message.internal ? "Internal note" : message.fromStaff ? "Staff" : "Client"}
              </span>
              {message.unverifiedSender && (
                <span
                  title="Emailed from an address whose domain did not vouch for it: the client may not have sent it"
                  className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive"
                >
                  Unverified sender
                </span>
              )}
              <time dateTime={message.createdAt} className="text-muted-foreground">
                {formatDateTime(message.createdAt)}
              </time>
            </header>
            <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">
              {message.body}
            </p>
            <AttachmentList attachments={message.attachments} scope="staff" className="mt-3" />
          </article>
        </li>
      ))}
    </ol>
  );
}

function ChoiceControl<T extends string>({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly T[];
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} disabled={disabled} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {humanize(option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** "none" stands for no website or no one: a select item cannot have an empty value. */
const NONE = "none";

/** A choice among named things (a website, a member of staff), or none. */
function LinkControl({
  label,
  value,
  options,
  noneLabel,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null;
  options: { id: string; label: string }[];
  noneLabel: string;
  disabled: boolean;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? NONE}
        disabled={disabled}
        onValueChange={(next) => onChange(next === NONE ? null : next)}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{noneLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** What a change did, read out after it is saved. */
function changeAnnouncement(patch: TicketUpdate, saved: StaffTicketDetail): string {
  if (patch.status) return `Status changed to ${humanize(saved.status)}.`;
  if (patch.priority) return `Priority changed to ${humanize(saved.priority)}.`;
  if (patch.websiteId !== undefined) {
    return saved.website ? `Linked to ${saved.website.domain}.` : "No longer linked to a website.";
  }
  return saved.assignee ? `Assigned to ${saved.assignee.name}.` : "Unassigned.";
}

/** The client's plan and the ticket's first-response clock, from its line in the queue. */
function FirstReply({ entry }: { entry: QueueTicket }) {
  const { targetHours } = entry.firstResponse;
  return (
    <>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="text-right break-words">
          {entry.plan ?? "No monthly plan"}
          <span className="block text-xs text-muted-foreground">
            {entry.serviceLevel}
            {targetHours ? `: first reply within ${formatDuration(targetHours * 3600)}` : ""}
          </span>
        </dd>
      </div>
      <div className="flex items-center justify-between gap-3">
        <dt className="text-muted-foreground">First reply</dt>
        <dd className="text-right">
          <FirstResponseBadge clock={entry.firstResponse} />
        </dd>
      </div>
    </>
  );
}

function TicketSettings({
  ticket,
  clientLink,
}: {
  ticket: StaffTicketDetail;
  clientLink: ClientLink;
}) {
  const update = useUpdateTicket(ticket.id);
  const [announcement, setAnnouncement] = useState("");
  const { data: entry } = useQueueEntry(ticket.id);
  const { data: choices } = useTicketChoices(ticket.id);
  const { user } = useAuth();

  const change = (patch: TicketUpdate) =>
    update.mutate(patch, {
      onSuccess: (saved) => setAnnouncement(changeAnnouncement(patch, saved)),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "The ticket was not changed",
          description: errorMessage(error),
        }),
    });

  return (
    <div className="flex flex-col gap-6">
      <Panel title="Ticket" headingId="ticket-settings">
        <div className="flex flex-col gap-4">
          <ChoiceControl
            label="Status"
            value={ticket.status}
            options={ticketStatuses}
            disabled={update.isPending}
            onChange={(status) => change({ status })}
          />
          <ChoiceControl
            label="Priority"
            value={ticket.priority}
            options={ticketPriorities}
            disabled={update.isPending}
            onChange={(priority) => change({ priority })}
          />
          <LinkControl
            label="Website"
            value={ticket.website?.id ?? null}
            options={(choices?.websites ?? (ticket.website ? [ticket.website] : [])).map(
              (site) => ({ id: site.id, label: site.domain }),
            )}
            noneLabel="No website"
            disabled={update.isPending || !choices}
            onChange={(websiteId) => change({ websiteId })}
          />
          <div className="flex flex-col gap-2">
            <LinkControl
              label="Assignee"
              value={ticket.assignee?.id ?? null}
              options={(choices?.assignees ?? (ticket.assignee ? [ticket.assignee] : [])).map(
                (person) => ({ id: person.id, label: person.name }),
              )}
              noneLabel="Unassigned"
              disabled={update.isPending || !choices}
              onChange={(assigneeId) => change({ assigneeId })}
            />
            {user && ticket.assignee?.id !== user.id && (
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                disabled={update.isPending}
                onClick={() => change({ assigneeId: user.id })}
              >
                <UserRound aria-hidden="true" />
                Assign to me
              </Button>
            )}
          </div>
          <p role="status" className="min-h-4 text-xs text-muted-foreground">
            {update.isPending ? "Saving..." : announcement}
          </p>
          <dl className="grid gap-2 border-t border-border pt-4 text-sm">
            {entry && <FirstReply entry={entry} />}
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Opened</dt>
              <dd className="text-right">
                <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Opened by</dt>
              <dd className="text-right break-words">{ticket.openedBy}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Last activity</dt>
              <dd className="text-right">
                <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
              </dd>
            </div>
          </dl>
        </div>
      </Panel>
      {entry && (
        <Panel title="Client" headingId="ticket-client">
          <p className="flex items-start gap-3">
            <UserRound className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-semibold text-foreground">{entry.clientName}</span>
              <a
                href={`mailto:${entry.clientEmail}`}
                className="block text-sm break-all text-muted-foreground underline-offset-4 hover:underline"
              >
                {entry.clientEmail}
              </a>
              <span className="block text-sm text-muted-foreground">{entry.companyName}</span>
              {clientLink(ticket.companyId)}
            </span>
          </p>
        </Panel>
      )}
    </div>
  );
}

/** A ticket in the back office: its thread, a reply form, status, priority and whose it is. */
export function TicketDetailView({
  id,
  clientLink,
  timePanel: TimePanel,
}: {
  id: string;
  clientLink: ClientLink;
  timePanel?: TimePanel;
}) {
  const { data: ticket, error, isPending, refetch } = useStaffTicket(id);
  useDocumentTitle(ticket ? ticket.subject : "Ticket");
  const back = <BackLink href={backOfficeLists.tickets.path()}>All tickets</BackLink>;

  if (error || isPending) {
    return (
      <DetailPending
        title="Ticket"
        back={back}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the ticket..."
        notFound="This ticket does not exist, or the link is incomplete."
      />
    );
  }

  return (
    <>
      <ViewHeader
        back={back}
        title={ticket.subject}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            {ticket.website && (
              <span className="inline-flex min-w-0 items-center gap-1">
                <Globe className="size-4 shrink-0" aria-hidden="true" />
                <span className="break-all">{ticket.website.domain}</span>
              </span>
            )}
            <span>
              {ticket.messages.length} {ticket.messages.length === 1 ? "message" : "messages"}
            </span>
          </span>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="ticket-thread" className="min-w-0">
          <h2 id="ticket-thread" className="sr-only">
            Conversation
          </h2>
          <Thread ticket={ticket} />
          <StaffReplyForm ticket={ticket} />
        </section>
        <div className="flex min-w-0 flex-col gap-6">
          <TicketSettings ticket={ticket} clientLink={clientLink} />
          {TimePanel && <TimePanel ticketId={ticket.id} clientId={ticket.companyId} />}
        </div>
      </div>
    </>
  );
}
