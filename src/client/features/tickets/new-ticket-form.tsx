import { SelectControl } from "@/components/select-control";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Info, Loader2, Send, X } from "lucide-react";
import {
  clientTicketPriorities,
  newTicketSchema,
  type NewTicket,
  type NewTicketInput,
  type Ticket,
} from "@shared/schemas/tickets";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { useCreateTicket, useTicketWebsites } from "./api";
import { AttachmentPicker, DropOverlay, useAttachmentPicker } from "./attachment-picker";

/** What a Manage, Upgrade Plan or Update Payment Method button fills in. */
export type TicketDraft = Pick<NewTicketInput, "subject"> & {
  /** The website it is about (a website's Manage button). */
  websiteId?: string;
  /** A note above the form, e.g. never to type card numbers. */
  notice?: string;
};

// Urgent is for staff to set: it puts a ticket at the top of their queue.
const priorityLabels: Record<(typeof clientTicketPriorities)[number], string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
};

const fields = ["subject", "message", "priority", "websiteId"] as const;

/** The portal's New Ticket form: the shared schema's rules and messages, errors by each field. */
export function NewTicketForm({
  draft,
  onCancel,
  onCreated,
}: {
  draft: TicketDraft | null;
  onCancel: () => void;
  onCreated: (ticket: Ticket) => void;
}) {
  const id = useId();
  const ids = {
    subject: `${id}-subject`,
    message: `${id}-message`,
    priority: `${id}-priority`,
    website: `${id}-website`,
  };
  const mutation = useCreateTicket();
  // The Website choice shows once the client's websites are known, and only if they have any.
  const { data: websites } = useTicketWebsites();
  const picker = useAttachmentPicker();
  const form = useForm<NewTicketInput, unknown, NewTicket>({
    resolver: zodResolver(newTicketSchema),
    defaultValues: {
      subject: draft?.subject ?? "",
      message: "",
      priority: "medium",
      websiteId: draft?.websiteId ?? "",
    },
  });
  const { errors } = form.formState;
  const { setFocus } = form;
  const prefilled = Boolean(draft?.subject);

  // Opening the form puts the cursor where typing starts.
  useEffect(() => {
    setFocus(prefilled ? "message" : "subject");
  }, [setFocus, prefilled]);

  const onSubmit = form.handleSubmit(async (input) => {
    if (mutation.isPending || picker.busy) return;
    try {
      const ticket = await mutation.mutateAsync({ ...input, attachmentIds: picker.ids });
      picker.reset();
      toast({
        title: "Ticket created",
        description: `“${ticket.subject}” is with our team. We reply within 24 hours.`,
      });
      onCreated(ticket);
    } catch (error) {
      const serverErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const known = fields.filter((field) => serverErrors?.[field]);
      if (serverErrors && known.length > 0) {
        known.forEach((field, index) =>
          form.setError(field, { message: serverErrors[field] }, { shouldFocus: index === 0 }),
        );
        return;
      }
      // The files were refused (one removed meanwhile, say): said beside them.
      if (error instanceof ApiError && error.status === 400 && error.json?.message) {
        picker.fail(serverErrors?.attachmentIds ?? error.json.message);
        return;
      }
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to create ticket. Please try again.",
      });
    }
  });

  return (
    <Card className="p-5 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={`${id}-title`} className="text-2xl font-semibold tracking-tight text-foreground">
            New Ticket
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Tell us what you need. We reply within 24 hours, and you can follow every reply here.
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onCancel}
          aria-label="Close the new ticket form"
          className="-mt-2 -mr-2"
        >
          <X aria-hidden="true" />
        </Button>
      </div>

      {draft?.notice && (
        <p className="mt-5 flex items-start gap-2.5 rounded-xl border border-gold-500/40 bg-gold-50 p-4 text-sm text-gold-900">
          <Info className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
          {draft.notice}
        </p>
      )}

      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-title`}
        className="relative mt-6 grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]"
        {...picker.dropZone}
      >
        <DropOverlay picker={picker} />
        <Field id={ids.subject} label="Subject" error={errors.subject?.message}>
          <Input
            {...fieldAria(ids.subject, errors.subject?.message)}
            maxLength={200}
            autoComplete="off"
            {...form.register("subject")}
          />
        </Field>
        <Field id={ids.priority} label="Priority" error={errors.priority?.message}>
          <SelectControl
            control={form.control}
            name="priority"
            options={clientTicketPriorities.map((priority) => ({
              value: priority,
              label: priorityLabels[priority],
            }))}
            placeholder="Choose a priority"
            aria={fieldAria(ids.priority, errors.priority?.message)}
          />
        </Field>
        {websites && websites.length > 0 && (
          <Field
            id={ids.website}
            label="Website"
            hint="Optional: the site this is about."
            error={errors.websiteId?.message}
            className="sm:col-span-2"
          >
            <SelectControl
              control={form.control}
              name="websiteId"
              options={websites.map((site) => ({ value: site.id, label: site.domain }))}
              noneLabel="Not about one website"
              aria={fieldAria(ids.website, errors.websiteId?.message, true)}
            />
          </Field>
        )}
        <Field
          id={ids.message}
          label="Message"
          hint="What should change, where, and by when. Please never include passwords or card numbers."
          error={errors.message?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldAria(ids.message, errors.message?.message, true)}
            rows={6}
            maxLength={5000}
            onPaste={picker.onPaste}
            {...form.register("message")}
          />
        </Field>
        <AttachmentPicker picker={picker} id={`${id}-files`} className="sm:col-span-2" />
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={picker.busy}
            aria-disabled={mutation.isPending || undefined}
          >
            {mutation.isPending ? (
              <>
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                Submitting...
              </>
            ) : (
              <>
                <Send aria-hidden="true" />
                Submit Ticket
              </>
            )}
          </Button>
        </div>
      </form>
    </Card>
  );
}
