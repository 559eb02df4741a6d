import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquareText, Pencil, Plus, Trash2 } from "lucide-react";
import {
  savedReplyInputSchema,
  type SavedReply,
  type SavedReplyInput,
  type SavedReplyValues,
} from "@shared/schemas/saved-replies";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
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
import { useDeleteSavedReply, useSaveSavedReply, useSavedReplies } from "./api";

/*
 * Saved replies in the back office's ticket view: a picker that inserts one into the reply box,
 * and a dialog where staff write, change and delete them (shared by all of staff).
 */

/** Writes a new saved reply, or changes `editing`; `onDone` when saved or cancelled. */
function SavedReplyForm({ editing, onDone }: { editing?: SavedReply; onDone: () => void }) {
  const id = useId();
  const save = useSaveSavedReply();
  const form = useForm<SavedReplyInput, unknown, SavedReplyValues>({
    resolver: zodResolver(savedReplyInputSchema),
    defaultValues: { title: editing?.title ?? "", body: editing?.body ?? "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync({ ...values, id: editing?.id }).then(
      () => {
        toast({ title: editing ? "Saved reply changed" : "Reply saved" });
        onDone();
      },
      (error: unknown) => showServerErrors(error, form.setError, ["title", "body"]),
    ),
  );
  return (
    <form
      noValidate
      // The dialog sits inside the reply form in React's tree: its submit must not reach it.
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      aria-label={editing ? `Change ${editing.title}` : "New saved reply"}
      className="flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-4"
    >
      <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
        <Input
          {...fieldAria(`${id}-title`, errors.title?.message)}
          maxLength={100}
          autoFocus
          {...form.register("title")}
        />
      </Field>
      <Field id={`${id}-body`} label="Text" error={errors.body?.message}>
        <Textarea
          {...fieldAria(`${id}-body`, errors.body?.message)}
          rows={5}
          maxLength={5000}
          {...form.register("body")}
        />
      </Field>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : editing ? "Save changes" : "Save reply"}
        </Button>
      </div>
    </form>
  );
}

function DeleteSavedReply({ reply }: { reply: SavedReply }) {
  const remove = useDeleteSavedReply();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${reply.title}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete "${reply.title}"?`}
      description="It is gone for all of staff. Replies already sent with it stay as they are."
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(reply.id, {
          onSuccess: () => toast({ title: "Saved reply deleted" }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "The saved reply was not deleted",
              description: errorMessage(error),
            }),
        })
      }
    />
  );
}

/** The dialog where staff manage saved replies. */
export function SavedRepliesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data: replies, isPending, error } = useSavedReplies();
  /** "new", a reply's id being changed, or null: the list alone. */
  const [editing, setEditing] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setEditing(null);
    onOpenChange(next);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Saved replies"
      description="Answers you write often, shared by all of staff. Insert one in a reply and edit it before you send."
      size="wide"
    >
      <div className="flex flex-col gap-4">
        {editing === "new" ? (
          <SavedReplyForm onDone={() => setEditing(null)} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            New saved reply
          </Button>
        )}
        {isPending && <p className="text-sm text-muted-foreground">Loading saved replies...</p>}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            The saved replies could not be loaded: {errorMessage(error)}
          </p>
        )}
        {replies && replies.length === 0 && (
          <p className="text-sm text-muted-foreground">No saved replies yet.</p>
        )}
        <ul className="flex flex-col gap-3" aria-label="Saved replies">
          {replies?.map((reply) =>
            editing === reply.id ? (
              <li key={reply.id}>
                <SavedReplyForm editing={reply} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={reply.id} className="rounded-xl border border-border p-4">
                <h3 className="font-semibold break-words text-foreground">{reply.title}</h3>
                <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-wrap text-muted-foreground">
                  {reply.body}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${reply.title}`}
                    onClick={() => setEditing(reply.id)}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <DeleteSavedReply reply={reply} />
                </div>
              </li>
            ),
          )}
        </ul>
      </div>
    </Modal>
  );
}

/**
 * Inserts a saved reply into the reply box (`onPick`), and opens the dialog that manages them.
 * A select: focus it, open it with Enter, Space or an arrow key, and type to jump to a title.
 */
export function SavedReplyPicker({ onPick }: { onPick: (text: string) => void }) {
  const id = useId();
  const { data: replies } = useSavedReplies();
  const [managing, setManaging] = useState(false);
  const picked = useRef(false);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Insert a saved reply</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Select
          value=""
          disabled={!replies || replies.length === 0}
          onValueChange={(chosen) => {
            const reply = replies?.find((item) => item.id === chosen);
            if (!reply) return;
            picked.current = true;
            onPick(reply.body);
          }}
        >
          <SelectTrigger id={id} className="sm:max-w-xs">
            <SelectValue
              placeholder={replies?.length === 0 ? "No saved replies yet" : "Choose a saved reply"}
            />
          </SelectTrigger>
          <SelectContent
            // A reply picked: focus goes to the reply box with it. Closed without: back here.
            onCloseAutoFocus={(event) => {
              if (picked.current) event.preventDefault();
              picked.current = false;
            }}
          >
            {replies?.map((reply) => (
              <SelectItem key={reply.id} value={reply.id}>
                {reply.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => setManaging(true)}
        >
          <MessageSquareText aria-hidden="true" />
          Manage saved replies
        </Button>
      </div>
      <SavedRepliesDialog open={managing} onOpenChange={setManaging} />
    </div>
  );
}
