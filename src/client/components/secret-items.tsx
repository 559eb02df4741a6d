import { useId, type ReactNode } from "react";
import { Trash2, type LucideIcon } from "lucide-react";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/server-errors";

/*
 * The parts of a list of things made with a secret (a site's usage tokens, its heartbeats, its
 * share links): the secret shown once when one is made, and the button that removes one after a
 * confirm.
 */

/**
 * A secret (a token, a URL with one in it) shown this once after it was made, with a copy
 * button and, when it has one, the command that uses it: only a fingerprint of it is kept, so it
 * cannot be shown again. "I have copied it" calls `onDone`.
 */
export function SecretShownOnce({
  title,
  secretName,
  secretLabel,
  secret,
  copyLabel,
  note,
  usageTitle,
  usage,
  onDone,
}: {
  title: ReactNode;
  /** What the secret is to a reader: "it", "its URL". */
  secretName: string;
  /** The field's name for a screen reader: "The new usage token". */
  secretLabel: string;
  secret: string;
  copyLabel: string;
  /** A sentence more after the warning: "Send the password another way than the link." */
  note?: string;
  /** The command that uses the secret, shown and copied as is, under its title. */
  usageTitle?: string;
  usage?: string;
  onDone: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-emerald-300 bg-emerald-50/70 p-4"
    >
      <h3 id={`${id}-title`} className="font-sans text-sm font-semibold text-foreground">
        {title}
      </h3>
      <p className="mt-1 text-sm text-emerald-900">
        Copy {secretName} now: it is shown only this once. Only a fingerprint of it is kept.
        {note && ` ${note}`}
      </p>
      <label htmlFor={`${id}-secret`} className="sr-only">
        {secretLabel}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-secret`}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 bg-card font-mono text-[13px] leading-normal sm:flex-1"
          spellCheck={false}
        />
        <CopyButton text={secret} label={copyLabel} />
      </div>
      {usage && (
        <>
          <p className="mt-4 text-sm font-medium text-foreground">{usageTitle}</p>
          <pre className="mt-2 rounded-lg bg-ink-950 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-ink-50">
            <code>{usage}</code>
          </pre>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {usage && <CopyButton text={usage} label="Copy command" />}
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}

/**
 * A row's button that removes (deletes, revokes) a named thing after a confirm, then says so in
 * a toast, or says why it failed. `remove` runs the mutation with the two callbacks.
 */
export function RemoveWithConfirm({
  name,
  action = "Delete",
  icon: Icon = Trash2,
  noun,
  pastTense,
  description,
  pending,
  remove,
}: {
  name: string;
  /** The verb on the button: "Delete", "Revoke". */
  action?: string;
  icon?: LucideIcon;
  /** What is removed, for the confirm button and the failure: "heartbeat", "token". */
  noun: string;
  /** The verb done: "deleted", "revoked". */
  pastTense: string;
  description: string;
  pending: boolean;
  remove: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="destructive-ghost"
          size="sm"
          aria-label={`${action} ${name}`}
          className="self-start sm:self-auto"
        >
          <Icon aria-hidden="true" />
          {action}
        </Button>
      }
      title={`${action} ${name}?`}
      description={description}
      confirmLabel={`${action} ${noun}`}
      pending={pending}
      onConfirm={() =>
        remove({
          onSuccess: () => toast({ title: `${name} ${pastTense}` }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: `The ${noun} was not ${pastTense}`,
              description: errorMessage(error),
            }),
        })
      }
    />
  );
}
