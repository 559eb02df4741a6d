import { useId } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link2, Plus } from "lucide-react";
import {
  SHARE_PASSWORD_MIN,
  shareLinkInputSchema,
  type CreatedShareLink,
  type ShareLinkInput,
} from "@shared/schemas/share-links";
import { sharePanelLabels, sharePanels, type SharePanel } from "@shared/share-panels";
import { CheckboxChoice, CheckboxGroup, Field, fieldAria } from "@/components/form-field";
import { SecretShownOnce } from "@/components/secret-items";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { payloadSchema } from "@/lib/form-schema";
import { formFailure, showServerErrors } from "@/lib/server-errors";
import { useCreateShareLink } from "./share-links-api";

type FormValues = { name: string; panels: SharePanel[]; expiresOn: string; password: string };
const fields = ["name", "panels", "expiresOn", "password"] as const;
const rename = { expiresAt: "expiresOn" };

/** The last moment of a calendar day in the reader's time zone, as an instant. */
const endOfDay = (day: string) => {
  const at = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
};

/** The form's fields as the API's payload, checked by the schema the server applies. */
const formSchema = payloadSchema<FormValues, typeof shareLinkInputSchema, ShareLinkInput>(
  shareLinkInputSchema,
  (values) => ({
    name: values.name,
    panels: values.panels || [],
    expiresAt: values.expiresOn ? endOfDay(values.expiresOn) : null,
    password: values.password,
  }),
  rename,
);

/** The first message about the panels, whether on the list or on one of its names. */
function panelsError(errors: FieldErrors<FormValues>): string | undefined {
  const panels = errors.panels as unknown as Record<string, unknown> | undefined;
  if (!panels) return undefined;
  if (typeof panels.message === "string") return panels.message;
  for (const item of Object.values(panels)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}

/** The new link's address, this once, to copy and send. */
export function NewShareLink({
  created,
  onDone,
}: {
  created: CreatedShareLink;
  onDone: () => void;
}) {
  return (
    <SecretShownOnce
      title={<>Link “{created.name}” created</>}
      secretName="it"
      secretLabel="The new share link"
      secret={created.url}
      copyLabel="Copy link"
      note={created.hasPassword ? "Send the password another way than the link." : undefined}
      onDone={onDone}
    />
  );
}

/** A new share link: a name for the owner's list, the panels, an expiry and a password. */
export function ShareLinkForm({
  websiteId,
  domain,
  onCreated,
}: {
  websiteId: string;
  domain: string;
  onCreated: (created: CreatedShareLink) => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const create = useCreateShareLink(websiteId);
  const form = useForm<FormValues, unknown, ShareLinkInput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", panels: [...sharePanels], expiresOn: "", password: "" },
  });
  const { errors } = form.formState;
  const failure = formFailure(errors);
  const panelsMessage = panelsError(errors);

  const onSubmit = form.handleSubmit((payload) =>
    create.mutateAsync(payload).then(
      (created) => {
        form.reset();
        onCreated(created);
      },
      (error: unknown) => showServerErrors(error, form.setError, fields, rename),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`New share link for ${domain}`}
      className="flex flex-col gap-4"
    >
      <Field
        id={id("name")}
        label="Name"
        hint="Who it is for, e.g. Dana, marketing. Only you see it."
        error={errors.name?.message}
      >
        <Input
          {...fieldAria(id("name"), errors.name?.message, true)}
          {...form.register("name")}
          autoComplete="off"
          maxLength={100}
        />
      </Field>
      <CheckboxGroup id={id("panels")} legend="What it shows" error={panelsMessage}>
        {sharePanels.map((panel) => (
          <CheckboxChoice key={panel} value={panel} field={form.register("panels")}>
            {sharePanelLabels[panel]}
          </CheckboxChoice>
        ))}
      </CheckboxGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("expires")}
          label="Works until (optional)"
          hint="The end of that day. Empty: until you revoke it."
          error={errors.expiresOn?.message}
        >
          <Input
            {...fieldAria(id("expires"), errors.expiresOn?.message, true)}
            {...form.register("expiresOn")}
            type="date"
          />
        </Field>
        <Field
          id={id("password")}
          label="Password (optional)"
          hint={`At least ${SHARE_PASSWORD_MIN} characters. Empty: none.`}
          error={errors.password?.message}
        >
          <Input
            {...fieldAria(id("password"), errors.password?.message, true)}
            {...form.register("password")}
            type="password"
            autoComplete="new-password"
          />
        </Field>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Link2 aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {create.isPending ? "Creating..." : "Create link"}
        </Button>
      </div>
    </form>
  );
}
