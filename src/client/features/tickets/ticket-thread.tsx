import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, CheckCircle2, Clock, Globe, Info, Loader2, SearchX, Send } from "lucide-react";
import {
  ticketReplySchema,
  type TicketDetail,
  type TicketMessage,
  type TicketReply,
  type TicketReplyInput,
} from "@shared/schemas/tickets";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { formatDate, formatDateTime, formatWorkTime, timeAgo } from "@shared/format";
import { LogoMark } from "@/components/logo";
import { EmptyState, LoadError, LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useReplyToTicket, useResolveTicket, useTicket, useTicketTime } from "./api";
import { AttachmentList } from "./attachment-list";
import { AttachmentPicker, DropOverlay, useAttachmentPicker } from "./attachment-picker";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

function MessageBubble({ message, now }: { message: TicketMessage; now: number }) {
  const staff = message.fromStaff;
  return (
    <li className={cn("flex gap-3", staff ? "justify-start" : "flex-row-reverse")}>
      <span
        aria-hidden="true"
        className={cn(
          "mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
          staff ? "bg-ink-950 text-gold-500" : "bg-gold-500 text-ink-950",
        )}
      >
        {staff ? <LogoMark size="sm" /> : (message.authorName.charAt(0) || "?").toUpperCase()}
      </span>
      <article
        aria-label={`${staff ? "Reply from" : "Message from"} ${message.authorName}`}
        className={cn(
          "max-w-[85%] min-w-0 rounded-2xl px-4 py-3 sm:max-w-[75%] sm:px-5 sm:py-4",
          staff
            ? "theme-dark rounded-tl-sm border border-gold-500/30 bg-ink-900"
            : "rounded-tr-sm border border-gold-500/30 bg-gold-50",
        )}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-sm font-semibold text-foreground">{message.authorName}</span>
          {staff && (
            <span className="rounded-full bg-gold-500/15 px-2 py-px text-[0.6875rem] font-semibold tracking-wide text-gold-400 uppercase">
              Team
            </span>
          )}
          <time
            dateTime={message.createdAt}
            title={formatDateTime(message.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {timeAgo(message.createdAt, now)}
          </time>
        </header>
        <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">
          {message.body}
        </p>
        <AttachmentList attachments={message.attachments} scope="client" className="mt-3" />
      </article>
    </li>
  );
}

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const id = useId();
  const bodyId = `${id}-body`;
  const mutation = useReplyToTicket(ticket.id);
  const picker = useAttachmentPicker();
  const form = useForm<TicketReplyInput, unknown, TicketReply>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { body: "" },
  });
  const error = form.formState.errors.body?.message;
  const reopens = ticket.status === "resolved" || ticket.status === "closed";

  const onSubmit = form.handleSubmit(async (reply) => {
    if (mutation.isPending || picker.busy) return;
    try {
      const updated = await mutation.mutateAsync({ ...reply, attachmentIds: picker.ids });
      form.reset({ body: "" });
      picker.reset();
      toast({
        title: "Reply sent",
        description:
          reopens && updated.status === "open"
            ? "Your ticket is open again and our team has been notified."
            : "Our team has been notified and will get back to you.",
      });
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldErrors?.body : undefined;
      if (message) {
        form.setError("body", { message }, { shouldFocus: true });
        return;
      }
      // The files were refused (one removed meanwhile, say): said beside them.
      if (failure instanceof ApiError && failure.status === 400 && failure.json?.message) {
        picker.fail(failure.fieldErrors?.attachmentIds ?? failure.json.message);
        return;
      }
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to send your reply. Please try again.",
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="relative flex flex-col gap-4 border-t border-border pt-6"
      {...picker.dropZone}
    >
      <DropOverlay picker={picker} />
      {reopens && (
        <p className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This ticket is {ticket.status}. Sending a reply opens it again.
        </p>
      )}
      <Field id={bodyId} label="Your reply" error={error}>
        <Textarea
          {...fieldAria(bodyId, error)}
          rows={4}
          maxLength={5000}
          placeholder="Write a reply to our team..."
          onPaste={picker.onPaste}
          {...form.register("body")}
        />
      </Field>
      <AttachmentPicker picker={picker} id={`${id}-files`} />
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={picker.busy}
          aria-disabled={mutation.isPending || undefined}
          className="w-full sm:w-auto"
        >
          {mutation.isPending ? (
            <>
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" />
              Send Reply
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/** Open, in progress or waiting: the client may mark it resolved. */
const resolvable = (status: string) => !["resolved", "closed"].includes(status);

/** The client marks their ticket resolved, after a confirmation; a reply opens it again. */
function ResolveButton({ ticket }: { ticket: TicketDetail }) {
  const mutation = useResolveTicket(ticket.id);
  const resolve = () =>
    mutation.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: "Ticket resolved",
          description: "Thanks for letting us know. Reply any time to open it again.",
        }),
      onError: () =>
        toast({
          variant: "destructive",
          title: "Error",
          description: "Failed to resolve the ticket. Please try again.",
        }),
    });
  return (
    <ConfirmDialog
      tone="default"
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-disabled={mutation.isPending || undefined}
          className="w-full sm:w-auto"
        >
          <CheckCircle2 aria-hidden="true" />
          {mutation.isPending ? "Resolving..." : "Mark as resolved"}
        </Button>
      }
      title="Mark this ticket as resolved?"
      description="Do this when everything you asked for is done. Our team will see it is resolved, and you can reply any time to open it again."
      confirmLabel="Mark as resolved"
      pending={mutation.isPending}
      onConfirm={resolve}
    />
  );
}

/** One ticket: its details, the thread (staff replies set apart), and a reply form. */
/** "Time spent: 1 hr 5 min": what the team logged on the ticket, once there is some. */
function TimeSpent({ ticketId }: { ticketId: string }) {
  const { data } = useTicketTime(ticketId);
  if (!data || data.minutes === 0) return null;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Time spent by our team:{" "}
        <span className="font-medium text-foreground">{formatWorkTime(data.minutes)}</span>
      </span>
    </p>
  );
}

export function TicketThread({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const { data: ticket, isPending, isError, error, refetch } = useTicket(ticketId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [now] = useState(() => Date.now());
  const loaded = Boolean(ticket);

  // Opening a ticket moves focus to its subject, so a screen reader starts there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, ticketId]);

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3 self-start">
      <ArrowLeft aria-hidden="true" />
      Back to tickets
    </Button>
  );

  if (isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadingCards label="Loading the ticket..." count={1} columns={1} />
      </div>
    );
  }
  if (isError || !ticket) {
    const status = error instanceof ApiError ? error.status : undefined;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {status === 404 || status === 400 ? (
          <EmptyState icon={SearchX} title="Ticket not found">
            This ticket does not exist or belongs to another account. Go back to see your tickets.
          </EmptyState>
        ) : (
          <LoadError what="this ticket" onRetry={() => void refetch()} />
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {back}
      <Card className="p-5 sm:p-8">
        <div className="flex flex-col gap-3 border-b border-border pb-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <h3
              ref={heading}
              tabIndex={-1}
              className="text-2xl leading-tight font-semibold tracking-tight break-words text-foreground"
            >
              {ticket.subject}
            </h3>
            {resolvable(ticket.status) && <ResolveButton ticket={ticket} />}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <span className="text-sm text-muted-foreground">
              Opened{" "}
              <time dateTime={ticket.createdAt} title={formatDateTime(ticket.createdAt)}>
                {formatDate(ticket.createdAt)}
              </time>{" "}
              by {ticket.openedBy}
            </span>
          </div>
          {ticket.website && (
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-all">
                About <span className="font-medium text-foreground">{ticket.website.domain}</span>
              </span>
            </p>
          )}
          <TimeSpent ticketId={ticket.id} />
        </div>
        <h4 className="sr-only">Conversation</h4>
        <ol className="flex flex-col gap-5 py-6">
          {ticket.messages.map((message) => (
            <MessageBubble key={message.id} message={message} now={now} />
          ))}
        </ol>
        <ReplyForm ticket={ticket} />
      </Card>
    </div>
  );
}
