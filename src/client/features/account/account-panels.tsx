import { useId, useState, type FormEvent } from "react";
import {
  KeyRound,
  Laptop,
  Loader2,
  LogOut,
  Pencil,
  ShieldCheck,
  Smartphone,
  Trash2,
} from "lucide-react";
import {
  emailNoticeKinds,
  type Account,
  type ClientNoticeKind,
  type EmailNoticeKind,
  type StaffNoticeKind,
} from "@shared/schemas/account";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { formatDateTime, timeAgo } from "@/components/format";
import { LoadError, LoadingState, Panel, Pill } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { RecoveryCodes } from "./recovery-codes";
import {
  useAddPasskey,
  useRefreshAccount,
  useRemovePasskey,
  useRenamePasskey,
  useRevokeSession,
  useSecurityEvents,
  useSessions,
  useSignOutOthers,
  useTotpConfirm,
  useTotpDisable,
  useTotpSetup,
  useUpdateName,
  useUpdateNotices,
} from "./api";

/** What a failed write says: the field's message from the server, else the reason. */
function writeError(error: unknown, field?: string): string {
  if (error instanceof ApiError) {
    if (field && error.fieldErrors?.[field]) return error.fieldErrors[field];
    if (error.json?.message) return error.json.message;
  }
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "The passkey request was cancelled or timed out.";
  }
  return errorMessage(error);
}

function StatusLine({ children }: { children: string | null }) {
  return (
    <p role="status" className="min-h-5 text-sm text-emerald-700">
      {children}
    </p>
  );
}

function FormAlert({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {children}
    </p>
  );
}

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

/** The authenticator app (TOTP): set up with a QR code and a first code, or turn off. */
export function TotpPanel({ account }: { account: Account }) {
  const id = useId();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const disable = useTotpDisable();
  const refresh = useRefreshAccount();
  const [code, setCode] = useState("");
  const [offCode, setOffCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <Panel title="Authenticator app" headingId={`${id}-title`}>
        <RecoveryCodes
          codes={codes}
          email={account.email}
          onDone={() => {
            setCodes(null);
            void refresh();
            setup.reset();
            confirm.reset();
            disable.reset();
          }}
        />
      </Panel>
    );
  }

  if (account.totpEnabled) {
    const offError = disable.error ? writeError(disable.error, "code") : undefined;
    return (
      <Panel
        title="Authenticator app"
        headingId={`${id}-title`}
        actions={<Pill tone="green">On</Pill>}
        description={`Codes from your app are asked for after the email link. ${account.recoveryCodesLeft} of 10 recovery codes left.`}
      >
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate(offCode.replace(/\s/g, ""), { onSuccess: () => setOffCode("") });
          }}
        >
          <Field
            id={`${id}-off`}
            label="Current code, to turn it off"
            error={offError}
            className="sm:max-w-xs sm:flex-1"
          >
            <Input
              {...fieldAria(`${id}-off`, offError)}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={offCode}
              onChange={(event) => setOffCode(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="destructive-outline" disabled={disable.isPending}>
            Turn off
          </Button>
        </form>
      </Panel>
    );
  }

  const confirmError = confirm.error ? writeError(confirm.error, "code") : undefined;
  return (
    <Panel
      title="Authenticator app"
      headingId={`${id}-title`}
      actions={<Pill tone="neutral">Off</Pill>}
      description="A 6-digit code from an app such as Google Authenticator, 1Password or Authy."
    >
      {!setup.data ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert>{setup.error ? writeError(setup.error) : null}</FormAlert>
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            <Smartphone aria-hidden="true" />
            Set up an authenticator app
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <div
            className="mx-auto size-44 rounded-xl border border-border bg-white p-2 [&_svg]:size-full"
            role="img"
            aria-label="QR code to scan with your authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.data.qrSvg }}
          />
          <form
            noValidate
            className="flex min-w-0 flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate(code, {
                onSuccess: (result) => {
                  setCode("");
                  setCodes(result.recoveryCodes);
                },
              });
            }}
          >
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              <li>Scan the QR code with your authenticator app.</li>
              <li>Type the 6-digit code it shows.</li>
            </ol>
            <div className="text-sm">
              <p className="text-muted-foreground">Cannot scan? Enter this setup key:</p>
              <p
                data-testid="totp-secret"
                className="mt-1 font-mono text-sm break-all text-foreground select-all"
              >
                {setup.data.secret}
              </p>
            </div>
            <Field id={`${id}-code`} label="6-digit code" error={confirmError}>
              <Input
                {...fieldAria(`${id}-code`, confirmError)}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                className="sm:max-w-xs"
              />
            </Field>
            <div>
              <Button type="submit" disabled={confirm.isPending}>
                <ShieldCheck aria-hidden="true" />
                Turn on
              </Button>
            </div>
          </form>
        </div>
      )}
    </Panel>
  );
}

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

/** The kinds of notice as the account page groups them: a client's, or staff's. */
const noticeGroups: {
  client: { title: string; kinds: ClientNoticeKind[] }[];
  staff: { title: string; kinds: StaffNoticeKind[] }[];
} = {
  client: [
    { title: "Support", kinds: ["ticket-created", "ticket-replies", "ticket-status"] },
    { title: "Websites and domains", kinds: ["website-added", "domain-added", "site-incident"] },
    {
      title: "Proposals and billing (owners and billing members)",
      kinds: ["proposal-sent", "invoice-issued", "invoice-paid", "payment-failed"],
    },
  ],
  staff: [
    { title: "Support", kinds: ["staff-ticket-created", "staff-ticket-replies"] },
    {
      title: "Clients",
      kinds: ["staff-proposal-answered", "staff-auto-renew", "staff-site-incident"],
    },
  ],
};

/**
 * Which notices the user also gets by email, grouped; each switch saves at once. Every notice
 * shows under the bell whatever is chosen here.
 */
export function NoticesPanel({ account }: { account: Account }) {
  const id = useId();
  const update = useUpdateNotices();
  // The switch shows the new value at once, while it is being saved.
  const saving = update.isPending ? update.variables : undefined;
  const groups: { title: string; kinds: EmailNoticeKind[] }[] = account.isStaff
    ? noticeGroups.staff
    : noticeGroups.client;
  return (
    <Panel
      title="Email notices"
      headingId={`${id}-title`}
      description={
        account.isStaff
          ? "Each of these shows under the bell in the back office, and the agency's shared inbox is emailed it. Tick those you also want in your own inbox."
          : "Each of these shows under the bell in your dashboard. Untick those you would rather not get by email."
      }
    >
      <div className="flex flex-col gap-5">
        {groups.map((group) => (
          <fieldset key={group.title}>
            <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.title}
            </legend>
            <ul className="flex flex-col gap-2.5">
              {group.kinds.map((kind) => (
                <li key={kind} className="flex items-center gap-3">
                  <input
                    id={`${id}-${kind}`}
                    type="checkbox"
                    className="size-5 shrink-0 accent-[var(--color-accent,#b8860b)]"
                    checked={saving?.[kind] ?? account.notices[kind] === true}
                    disabled={update.isPending}
                    onChange={(event) => update.mutate({ [kind]: event.target.checked })}
                  />
                  <label htmlFor={`${id}-${kind}`} className="text-sm text-foreground">
                    {emailNoticeKinds[kind]}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
      <FormAlert>{update.error ? writeError(update.error) : null}</FormAlert>
    </Panel>
  );
}

/** Where the user is signed in, with sign-out per session and for all the others. */
export function SessionsPanel() {
  const id = useId();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const [status, setStatus] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);
  return (
    <Panel
      title="Active sessions"
      headingId={`${id}-title`}
      description="The devices signed in to your account."
      actions={
        hasOthers && (
          <Button
            size="sm"
            variant="outline"
            disabled={others.isPending}
            onClick={() =>
              others.mutate(undefined, {
                onSuccess: ({ revoked }) =>
                  setStatus(
                    `Signed out ${revoked} other ${revoked === 1 ? "session" : "sessions"}.`,
                  ),
              })
            }
          >
            <LogOut aria-hidden="true" />
            Sign out other sessions
          </Button>
        )
      }
    >
      {sessions.isPending ? (
        <LoadingState label="Loading sessions..." />
      ) : sessions.isError ? (
        <LoadError what="your sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label="Sessions"
        >
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Laptop className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  {session.device}
                  {session.current && <Pill tone="gold">This device</Pill>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Last seen {session.current ? "now" : timeAgo(session.lastSeenAt, now)}
                  {session.signedInAt ? ` · signed in ${formatDateTime(session.signedInAt)}` : ""}
                </p>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => setStatus(`Signed out ${session.device}.`),
                    })
                  }
                >
                  Sign out<span className="sr-only"> {session.device}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <StatusLine>{status}</StatusLine>
    </Panel>
  );
}

/** Recent security events: the user's own, and their company's. */
export function SecurityEventsPanel({ email }: { email: string }) {
  const id = useId();
  const events = useSecurityEvents();
  return (
    <Panel
      title="Recent security events"
      headingId={`${id}-title`}
      description="Sign-ins, changes to how you sign in, and your team's changes."
    >
      {events.isPending ? (
        <LoadingState label="Loading events..." />
      ) : events.isError ? (
        <LoadError what="your security events" onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label="Security events">
          {events.data.map((event) => (
            <li key={event.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
              <span className="font-medium text-foreground">{event.label}</span>
              <span className="text-muted-foreground">
                {event.actorEmail && event.actorEmail !== email && (
                  <span className="[overflow-wrap:anywhere]">{event.actorEmail} · </span>
                )}
                {formatDateTime(event.createdAt)}
                {event.ipAddress ? ` · from ${event.ipAddress}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
