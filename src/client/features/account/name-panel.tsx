import { useId, useState, type FormEvent } from "react";
import { Loader2 } from "lucide-react";
import type { Account } from "@shared/schemas/account";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { useUpdateName } from "./api";
import { StatusLine, writeError } from "./panel-feedback";

/** First and last name; the email is shown, not changed here. */
export function NamePanel({ account }: { account: Account }) {
  const id = useId();
  const [first, setFirst] = useState(account.firstName ?? "");
  const [last, setLast] = useState(account.lastName ?? "");
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdateName();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    update.mutate(
      { firstName: first, lastName: last },
      { onSuccess: () => setSaved("Your name was saved.") },
    );
  };
  const firstError = update.error ? writeError(update.error, "firstName") : undefined;
  const lastError =
    update.error instanceof ApiError ? update.error.fieldErrors?.lastName : undefined;
  return (
    <Panel title="Your details" headingId={`${id}-title`}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-first`} label="First name" error={firstError}>
            <Input
              {...fieldAria(`${id}-first`, firstError)}
              autoComplete="given-name"
              value={first}
              maxLength={100}
              onChange={(event) => setFirst(event.target.value)}
            />
          </Field>
          <Field id={`${id}-last`} label="Last name" error={lastError}>
            <Input
              {...fieldAria(`${id}-last`, lastError)}
              autoComplete="family-name"
              value={last}
              maxLength={100}
              onChange={(event) => setLast(event.target.value)}
            />
          </Field>
        </div>
        <Field id={`${id}-email`} label="Email" hint="Ask us if your email address changes.">
          <Input
            {...fieldAria(`${id}-email`, undefined, true)}
            value={account.email}
            readOnly
            className="bg-muted/50 text-muted-foreground hover:border-input"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Save name
          </Button>
          <StatusLine>{saved}</StatusLine>
        </div>
      </form>
    </Panel>
  );
}
