import { useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock, Send } from "lucide-react";
import {
  ticketNoteSchema,
  ticketReplySchema,
  type StaffTicketDetail,
} from "@shared/schemas/tickets";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { showServerErrors } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useStaffNote, useStaffReply } from "./api";
import { AttachmentPicker, DropOverlay, useAttachmentPicker } from "./attachment-picker";
import { SavedReplyPicker } from "./saved-replies";

type Mode = "reply" | "note";

const modes = {
  reply: {
    choice: "Reply to client",
    label: "Reply to the client",
    hint: "The client sees your reply in their portal and gets an email.",
    submit: "Send reply",
    pending: "Sending...",
    done: "Reply sent. The client sees it in their portal and gets an email.",
  },
  note: {
    choice: "Internal note",
    label: "Note for staff",
    hint: "Only staff see it. The client is never shown it, emailed it or told of it.",
    submit: "Add internal note",
    pending: "Adding...",
    done: "Note added. Only staff see it.",
  },
} as const;

const bodyResolvers = {
  reply: zodResolver(ticketReplySchema),
  note: zodResolver(ticketNoteSchema),
};

/** Reply to the client or an internal note: one of two, chosen with arrow keys or a click. */
function ModeChoice({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Write</legend>
      <div className="inline-flex flex-wrap gap-1 rounded-xl border border-border bg-muted p-1">
        {(Object.keys(modes) as Mode[]).map((value) => (
          <label
            key={value}
            className={cn(
              "inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-gold-700 has-[input:focus-visible]:ring-offset-1",
              mode === value
                ? value === "note"
                  ? "bg-amber-200 text-amber-950 shadow-sm"
                  : "bg-card text-foreground shadow-sm"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input
              type="radio"
              name="staff-write-mode"
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {value === "note" ? <Lock className="size-4" aria-hidden="true" /> : null}
            {modes[value].choice}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The back office's reply box: a reply the client reads and is emailed, or an internal note only
 * staff read (set apart in amber); either may start from a saved reply.
 */
export function StaffReplyForm({ ticket }: { ticket: StaffTicketDetail }) {
  const [mode, setMode] = useState<Mode>("reply");
  const reply = useStaffReply(ticket.id);
  const note = useStaffNote(ticket.id);
  const write = mode === "reply" ? reply : note;
  const picker = useAttachmentPicker();
  const [sent, setSent] = useState("");
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // A note may be shorter than a reply: the check is the chosen mode's (options are re-read).
  const form = useForm<{ body: string }>({
    resolver: bodyResolvers[mode] as Resolver<{ body: string }>,
    defaultValues: { body: "" },
  });
  const { errors } = form.formState;
  const { ref: bodyRef, ...body } = form.register("body", { onChange: () => setSent("") });
  const text = modes[mode];

  const choose = (next: Mode) => {
    setMode(next);
    setSent("");
    form.clearErrors();
  };

  /** Puts a saved reply's text at the caret (in place of a selection), focus after it. */
  const insert = (saved: string) => {
    const box = textarea.current;
    const current = form.getValues("body");
    const start = box?.selectionStart ?? current.length;
    const end = box?.selectionEnd ?? current.length;
    form.setValue("body", current.slice(0, start) + saved + current.slice(end), {
      shouldDirty: true,
    });
    setSent("");
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + saved.length, start + saved.length);
    });
  };

  const onSubmit = form.handleSubmit(({ body: written }) => {
    if (picker.busy) return;
    return write.mutateAsync({ body: written, attachmentIds: picker.ids }).then(
      () => {
        form.reset({ body: "" });
        picker.reset();
        setSent(text.done);
      },
      (error: unknown) => {
        setSent("");
        showServerErrors(error, form.setError, ["body"]);
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn(
        "relative mt-6 rounded-2xl border p-4 sm:p-5",
        mode === "note" ? "border-dashed border-amber-500 bg-amber-50" : "border-border bg-card",
      )}
      {...picker.dropZone}
    >
      <DropOverlay picker={picker} />
      <ModeChoice mode={mode} onChange={choose} />
      <div className="mb-4">
        <SavedReplyPicker onPick={insert} />
      </div>
      <Field id="ticket-reply" label={text.label} hint={text.hint} error={errors.body?.message}>
        <Textarea
          {...fieldAria("ticket-reply", errors.body?.message, true)}
          {...body}
          ref={(element) => {
            bodyRef(element);
            textarea.current = element;
          }}
          onPaste={picker.onPaste}
          rows={5}
        />
      </Field>
      <AttachmentPicker picker={picker} id="ticket-reply-files" className="mt-4" />
      {errors.root?.server && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          disabled={write.isPending || picker.busy}
          variant={mode === "note" ? "secondary" : "default"}
        >
          {mode === "note" ? <Lock aria-hidden="true" /> : <Send aria-hidden="true" />}
          {write.isPending ? text.pending : text.submit}
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {sent}
        </p>
      </div>
    </form>
  );
}
