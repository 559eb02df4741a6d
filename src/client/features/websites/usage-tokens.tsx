import { useId, useState, type FormEvent } from "react";
import { KeyRound, Plus, ShieldOff } from "lucide-react";
import type { CreatedUsageToken, UsageToken } from "@shared/schemas/usage";
import { Field, fieldAria } from "@/components/form-field";
import { formatDate, timeAgo } from "@shared/format";
import { Modal } from "@/components/modal";
import { Pill } from "@/components/pill";
import { RemoveWithConfirm, SecretShownOnce } from "@/components/secret-items";
import { LoadingState, QueryError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { useCreateUsageToken, useRevokeUsageToken, useUsageTokens } from "./usage-tokens-api";

/** The command a host runs to report a day's bytes (docs/usage-reporting.md has the cron line). */
export function curlExample(origin: string, token: string, date: string) {
  return [
    `curl -fsS -X POST ${origin}/api/usage \\`,
    `  -H "Authorization: Bearer ${token}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"date":"${date}","bytes":1234567890}'`,
  ].join("\n");
}

/** The new token, this once, with its curl example. */
function NewToken({ created, onDone }: { created: CreatedUsageToken; onDone: () => void }) {
  // Yesterday (UTC), the day a nightly report gives.
  const [yesterday] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  return (
    <SecretShownOnce
      title={<>Token “{created.name}” created</>}
      secretName="it"
      secretLabel="The new usage token"
      secret={created.token}
      copyLabel="Copy token"
      usageTitle="Report a day's bytes"
      usage={curlExample(window.location.origin, created.token, yesterday)}
      onDone={onDone}
    />
  );
}

function TokenRow({ token, websiteId }: { token: UsageToken; websiteId: string }) {
  const revoke = useRevokeUsageToken(websiteId);
  const [now] = useState(() => Date.now());
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-foreground">{token.name}</span>
          {token.revokedAt ? (
            <Pill tone="neutral">Revoked {formatDate(token.revokedAt)}</Pill>
          ) : (
            <Pill tone="green" dot>
              Active
            </Pill>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          Created {formatDate(token.createdAt)} ·{" "}
          {token.lastUsedAt ? `last used ${timeAgo(token.lastUsedAt, now)}` : "never used"}
        </p>
      </div>
      {!token.revokedAt && (
        <RemoveWithConfirm
          name={token.name}
          action="Revoke"
          icon={ShieldOff}
          noun="token"
          pastTense="revoked"
          description="Reports sent with this token will be refused from now on. This cannot be undone: make a new token for the host instead."
          pending={revoke.isPending}
          remove={(callbacks) => revoke.mutate(token.id, callbacks)}
        />
      )}
    </li>
  );
}

function TokensDialogBody({ websiteId, domain }: { websiteId: string; domain: string }) {
  const id = useId();
  const tokens = useUsageTokens(websiteId, true);
  const create = useCreateUsageToken(websiteId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreatedUsageToken>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Name the token, e.g. the server that reports with it");
      return;
    }
    setError(undefined);
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated(token);
        setName("");
      },
      onError: (failure) =>
        setError(
          (failure instanceof ApiError && failure.fieldErrors?.name) || errorMessage(failure),
        ),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      {created ? (
        <NewToken created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={`New usage token for ${domain}`}>
          <Field id={`${id}-name`} label="New token's name" error={error}>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                {...fieldAria(`${id}-name`, error)}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="e.g. web-1 nginx"
                autoComplete="off"
                maxLength={100}
                className="min-w-0 sm:flex-1"
              />
              <Button type="submit" disabled={create.isPending}>
                <Plus aria-hidden="true" />
                {create.isPending ? "Creating..." : "Create token"}
              </Button>
            </div>
          </Field>
        </form>
      )}

      <div>
        <h3 className="font-sans text-sm font-semibold text-foreground">Tokens</h3>
        {tokens.isPending ? (
          <div className="mt-2">
            <LoadingState label="Loading tokens..." />
          </div>
        ) : tokens.isError ? (
          <div className="mt-2">
            <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
          </div>
        ) : tokens.data.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            No tokens yet. Create one for each server that reports this site&apos;s traffic.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label={`Usage tokens of ${domain}`}>
            {[...tokens.data].reverse().map((token) => (
              <TokenRow key={token.id} token={token} websiteId={websiteId} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * A website's usage tokens in the back office: the hosting side reports the site's bandwidth
 * with one (POST /api/usage). Staff create one per host, see it once, and revoke it.
 */
export function UsageTokensButton({ websiteId, domain }: { websiteId: string; domain: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Usage tokens of ${domain}`}
      >
        <KeyRound aria-hidden="true" />
        Usage tokens
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Usage tokens · ${domain}`}
        description="The host reports the site's bandwidth each day with a token. Give each server its own, and revoke one when the server goes."
        size="wide"
      >
        {open && <TokensDialogBody websiteId={websiteId} domain={domain} />}
      </Modal>
    </>
  );
}
