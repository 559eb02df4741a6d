import { useId, useState } from "react";
import { KeyRound, Loader2, Pencil, Trash2 } from "lucide-react";
import type { Account } from "@shared/schemas/account";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { formatDateTime } from "@shared/format";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from "./api";
import { StatusLine, writeError } from "./panel-feedback";

/** Passkeys: add one (named), rename or remove it. */
export function PasskeysPanel({ account }: { account: Account }) {
  const id = useId();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState("");
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const addError = add.error ? writeError(add.error, "name") : undefined;
  return (
    <Panel
      title="Passkeys"
      headingId={`${id}-title`}
      description="Sign in with your fingerprint, face or device PIN instead of an email link. A passkey also works as your second factor."
    >
      {account.passkeys.length > 0 && (
        <ul
          aria-label="Your passkeys"
          className="mb-5 divide-y divide-border rounded-xl border border-border"
        >
          {account.passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <KeyRound className="size-5 shrink-0 text-accent" aria-hidden="true" />
              {editing?.id === key.id ? (
                <form
                  className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    rename.mutate(editing, {
                      onSuccess: () => {
                        setEditing(null);
                        setStatus("Passkey renamed.");
                      },
                    });
                  }}
                >
                  <label htmlFor={`${id}-rename`} className="sr-only">
                    Passkey name
                  </label>
                  <Input
                    id={`${id}-rename`}
                    value={editing.name}
                    maxLength={100}
                    autoFocus
                    onChange={(event) => setEditing({ id: key.id, name: event.target.value })}
                    className="h-10 max-w-xs"
                  />
                  <Button type="submit" size="sm" disabled={rename.isPending}>
                    Save
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-foreground">{key.name}</p>
                    <p className="text-xs text-muted-foreground">
                      Added {formatDateTime(key.createdAt)}
                      {key.lastUsedAt ? ` · last used ${formatDateTime(key.lastUsedAt)}` : ""}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing({ id: key.id, name: key.name })}
                  >
                    <Pencil aria-hidden="true" />
                    Rename<span className="sr-only"> {key.name}</span>
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="destructive-outline">
                        <Trash2 aria-hidden="true" />
                        Remove<span className="sr-only"> {key.name}</span>
                      </Button>
                    }
                    title={`Remove the passkey "${key.name}"?`}
                    description="You will no longer be able to sign in with it."
                    confirmLabel="Remove passkey"
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(key.id, { onSuccess: () => setStatus("Passkey removed.") })
                    }
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setStatus(null);
          add.mutate(name.trim() || "Passkey", {
            onSuccess: () => {
              setName("");
              setStatus("Passkey added.");
            },
          });
        }}
      >
        <Field
          id={`${id}-name`}
          label="Name for a new passkey"
          hint="For example: Work laptop, iPhone"
          error={addError}
          className="sm:max-w-xs sm:flex-1"
        >
          <Input
            {...fieldAria(`${id}-name`, addError, true)}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={add.isPending} className="sm:mb-6">
          {add.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          Add a passkey
        </Button>
      </form>
      <StatusLine>{status}</StatusLine>
    </Panel>
  );
}
