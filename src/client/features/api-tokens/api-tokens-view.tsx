import { useId, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Plus, ShieldOff } from "lucide-react";
import {
  apiTokenInputSchema,
  apiTokenLifetimes,
  apiTokenNouns,
  type ApiToken,
  type ApiTokenInput,
  type ApiTokenScope,
  type CreatedApiToken,
} from "@shared/schemas/api-tokens";
import { formatDate, humanize, timeAgo } from "@shared/format";
import { CheckboxChoice, CheckboxGroup, Field, fieldAria } from "@/components/form-field";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { Panel } from "@/components/panel";
import { Pill } from "@/components/pill";
import { RemoveWithConfirm, SecretShownOnce } from "@/components/secret-items";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { payloadSchema } from "@/lib/form-schema";
import { formFailure, showServerErrors } from "@/lib/server-errors";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./api";

type FormValues = { name: string; scopes: ApiTokenScope[]; expiresInDays: string };
const fields = ["name", "scopes", "expiresInDays"] as const;

/** The form's fields as the API's payload, checked by the schema the server applies. */
const formSchema = payloadSchema<FormValues, typeof apiTokenInputSchema, ApiTokenInput>(
  apiTokenInputSchema,
  (values) => ({
    name: values.name,
    scopes: values.scopes || [],
    expiresInDays: Number(values.expiresInDays),
  }),
);

const lifetimeOptions = apiTokenLifetimes.map((days) => ({
  value: String(days),
  label: days === 365 ? "1 year" : `${days} days`,
}));

/** The first message about the scopes, whether on the list or on one of its items. */
function scopesError(errors: FieldErrors<FormValues>): string | undefined {
  const scopes = errors.scopes as unknown as Record<string, unknown> | undefined;
  if (!scopes) return undefined;
  if (typeof scopes.message === "string") return scopes.message;
  for (const item of Object.values(scopes)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}

/** How a program calls the API with the token: a read of the leads, as an example. */
const curlExample = (origin: string, token: string) =>
  [`curl -fsS ${origin}/api/admin/leads \\`, `  -H "Authorization: Bearer ${token}"`].join("\n");

/** A new token: a name, what it may read and write, and how long it works. */
function NewTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const create = useCreateApiToken();
  const form = useForm<FormValues, unknown, ApiTokenInput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", scopes: [], expiresInDays: "90" },
  });
  const { errors } = form.formState;
  const failure = formFailure(errors);
  const scopesMessage = scopesError(errors);

  const onSubmit = form.handleSubmit((payload) =>
    create.mutateAsync(payload).then(
      (created) => {
        form.reset();
        onCreated(created);
      },
      (error: unknown) => showServerErrors(error, form.setError, fields),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New API token" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("name")}
          label="Name"
          hint="The program that uses it, e.g. CRM sync."
          error={errors.name?.message}
        >
          <Input
            {...fieldAria(id("name"), errors.name?.message, true)}
            {...form.register("name")}
            autoComplete="off"
            maxLength={100}
          />
        </Field>
        <Field
          id={id("expires")}
          label="Works for"
          hint="Then it is refused: make a new one."
          error={errors.expiresInDays?.message}
        >
          <SelectControl
            control={form.control}
            name="expiresInDays"
            options={lifetimeOptions}
            aria={fieldAria(id("expires"), errors.expiresInDays?.message, true)}
          />
        </Field>
      </div>
      <CheckboxGroup
        id={id("scopes")}
        legend="What it may do"
        hint="Read lists and opens; write changes. Writing does not include reading."
        error={scopesMessage}
        layout="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {apiTokenNouns.map((noun) => (
          <div key={noun} className="flex flex-wrap items-center gap-x-4">
            <span className="w-20 text-sm font-medium text-foreground">{humanize(noun)}</span>
            {(["read", "write"] as const).map((access) => (
              <CheckboxChoice
                key={access}
                value={`${noun}:${access}`}
                label={`${humanize(noun)}: ${access}`}
                field={form.register("scopes")}
              >
                {humanize(access)}
              </CheckboxChoice>
            ))}
          </div>
        ))}
      </CheckboxGroup>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </div>
    </form>
  );
}

const stateTone = { active: "green", expired: "amber", revoked: "neutral" } as const;

function RevokeButton({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  if (token.state === "revoked") return null;
  return (
    <RemoveWithConfirm
      name={token.name}
      action="Revoke"
      icon={ShieldOff}
      noun="token"
      pastTense="revoked"
      description="Requests made with this token will be refused from now on. This cannot be undone: make a new token for the program instead."
      pending={revoke.isPending}
      remove={(callbacks) => revoke.mutate(token.id, callbacks)}
    />
  );
}

function columns(now: number): Column<ApiToken>[] {
  return [
    {
      header: "Name",
      main: true,
      className: "lg:max-w-72 lg:min-w-48",
      cell: (token) => (
        <>
          <span className="block font-semibold break-words text-foreground">{token.name}</span>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            Created {formatDate(token.createdAt)}
            {token.createdBy && ` by ${token.createdBy}`}
          </span>
        </>
      ),
    },
    {
      header: "Scopes",
      className: "max-lg:order-2 lg:max-w-80",
      cell: (token) => (
        <span className="font-mono text-xs break-words text-foreground">
          {token.scopes.join(" ")}
        </span>
      ),
    },
    {
      header: "State",
      inline: true,
      className: "max-lg:order-1",
      cell: (token) => (
        <Pill tone={stateTone[token.state]} dot={token.state === "active"}>
          {token.state === "active"
            ? `Until ${formatDate(token.expiresAt)}`
            : token.state === "expired"
              ? `Expired ${formatDate(token.expiresAt)}`
              : `Revoked ${formatDate(token.revokedAt!)}`}
        </Pill>
      ),
    },
    {
      header: "Last used",
      className: "whitespace-nowrap max-lg:order-2",
      cell: (token) => (token.lastUsedAt ? timeAgo(token.lastUsedAt, now) : "Never"),
    },
    {
      header: "Actions",
      headerClassName: "sr-only",
      inline: true,
      hideOnPhone: (token) => token.state === "revoked",
      className: "max-lg:order-3 lg:text-right",
      cell: (token) => <RevokeButton token={token} />,
    },
  ];
}

/**
 * API tokens in the back office: integrators' programs call the back office's routes with one,
 * within its scopes. Staff create one per program, see it once, and revoke it.
 */
export function ApiTokensView() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken>();
  const [now] = useState(() => Date.now());
  const [origin] = useState(() => window.location.origin);
  return (
    <ListView
      title="API tokens"
      description="Programs such as a CRM or an on-call tool call the API with a token, as staff, within its scopes. Give each program its own, and revoke one when the program goes."
      intro={
        <div className="mb-5">
          <Panel title="New token" headingId="new-api-token">
            {created ? (
              <SecretShownOnce
                title={<>Token “{created.name}” created</>}
                secretName="it"
                secretLabel="The new API token"
                secret={created.token}
                copyLabel="Copy token"
                usageTitle="Call the API with it"
                usage={curlExample(origin, created.token)}
                onDone={() => setCreated(undefined)}
              />
            ) : (
              <NewTokenForm onCreated={setCreated} />
            )}
          </Panel>
        </div>
      }
    >
      <ListState query={tokens} loading="Loading tokens...">
        {(list) => (
          <ListTable
            caption="API tokens, newest first"
            columns={columns(now)}
            rows={list}
            rowKey={(token) => token.id}
            empty={{
              title: "No API tokens yet",
              body: (
                <>
                  <KeyRound aria-hidden="true" className="mr-1 inline size-4" />
                  Create one above for each program that calls the API.
                </>
              ),
            }}
          />
        )}
      </ListState>
    </ListView>
  );
}
