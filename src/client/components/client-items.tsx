import { useRef, useState, type ComponentType, type FormEventHandler, type ReactNode } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { ClientDetail } from "@shared/schemas/clients";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useClientWrite } from "@/lib/queries";
import { errorMessage, showServerErrors } from "@/lib/server-errors";

/*
 * What a client has several of in the back office (websites, domains): the panel that lists
 * them with Edit and Delete, and the frame of their add and edit forms.
 */

/** What a client has several of, as staff call it in labels and messages. */
type Noun = "website" | "domain";

type ClientWrite<TInput> = (input: TInput) => Promise<ClientDetail | null>;

/**
 * An add or edit form for one of a client's websites or domains: validated with `resolver`,
 * saved through `add` or `update`, then a toast and `onDone`. The server's field refusals go
 * beside their fields, anything else under the form.
 */
export function useItemForm<TValues extends FieldValues, TOutput>({
  clientId,
  noun,
  item,
  add,
  update,
  resolver,
  values,
  onDone,
}: {
  clientId: string;
  noun: Noun;
  /** The item being edited; none when adding one. */
  item?: { id: string };
  add: (clientId: string) => ClientWrite<TOutput>;
  update: (itemId: string) => ClientWrite<TOutput>;
  resolver: Resolver<TValues, unknown, TOutput>;
  /** The form's starting values; their keys are the fields a server refusal can point at. */
  values: TValues;
  onDone: () => void;
}) {
  const save = useClientWrite(clientId, (input: TOutput) =>
    item ? update(item.id)(input) : add(clientId)(input),
  );
  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues: values as DefaultValues<TValues>,
  });
  const onSubmit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(
      () => {
        toast({
          title: `${noun === "website" ? "Website" : "Domain"} ${item ? "saved" : "added"}`,
        });
        onDone();
      },
      (error: unknown) => showServerErrors(error, form.setError, Object.keys(values)),
    ),
  );
  return {
    form,
    /** Spread on ItemFormFrame. */
    frame: {
      onSubmit,
      pending: save.isPending,
      serverError: form.formState.errors.root?.server?.message,
    },
  };
}

/** The Domain field both item forms open with. */
export function DomainField({
  id,
  error,
  registration,
}: {
  id: string;
  error?: string;
  /** `register("domain")` of the form. */
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Domain" error={error}>
      <Input
        {...fieldAria(id, error)}
        {...registration}
        placeholder="example.com"
        autoComplete="off"
        spellCheck={false}
      />
    </Field>
  );
}

/** The frame of an add or edit form: its title, the server's refusal, Save and Cancel. */
export function ItemFormFrame({
  noun,
  editing,
  onSubmit,
  pending,
  serverError,
  onCancel,
  children,
}: {
  noun: Noun;
  /** The name of the item being edited; none when adding one. */
  editing?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  serverError?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const title = editing ? `Edit ${editing}` : `Add a ${noun}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="rounded-xl border border-gold-300 bg-gold-50/50 p-4"
    >
      <p className="mb-4 text-sm font-semibold text-foreground">{title}</p>
      {children}
      {serverError && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {serverError}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : editing ? `Save ${noun}` : `Add ${noun}`}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A client's websites or domains in the back office: the list, a form to add one or edit one in
 * place, and Delete after a confirmation. Focus goes back to Add when a form closes.
 */
export function ClientItemsPanel<Item extends { id: string }>({
  client,
  noun,
  items,
  description,
  name,
  deleteItem,
  Form,
  Summary,
  listClassName,
  itemClassName,
  formItemClassName,
}: {
  client: ClientDetail;
  noun: Noun;
  items: Item[];
  description: string;
  name: (item: Item) => string;
  deleteItem: (id: string) => Promise<ClientDetail | null>;
  /** The add form (no item) or the edit form; it calls onDone when saved or cancelled. */
  Form: ComponentType<{ clientId: string; item?: Item; onDone: () => void }>;
  /** How one item reads, with its Edit and Delete buttons placed where it wants them. */
  Summary: ComponentType<{ item: Item; actions: ReactNode }>;
  listClassName: string;
  itemClassName: string;
  formItemClassName?: string;
}) {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = useClientWrite(client.company.id, deleteItem);
  const finish = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const actions = (item: Item) => (
    <div className="flex shrink-0 gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setEditing(item.id)}
        aria-label={`Edit ${name(item)}`}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-ghost" size="sm" aria-label={`Delete ${name(item)}`}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        }
        title={`Delete ${name(item)}?`}
        description={`The ${noun} disappears from ${client.company.name}'s portal. This cannot be undone.`}
        confirmLabel={`Delete ${noun}`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              toast({ title: `${name(item)} deleted` });
              addButton.current?.focus();
            },
            onError: (error) =>
              toast({
                variant: "destructive",
                title: `The ${noun} was not deleted`,
                description: errorMessage(error),
              }),
          })
        }
      />
    </div>
  );

  return (
    <Panel
      title={`${noun === "website" ? "Websites" : "Domains"} (${items.length})`}
      description={description}
      headingId={`client-${noun}s`}
      actions={
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          onClick={() => setEditing("new")}
          disabled={editing === "new"}
        >
          <Plus aria-hidden="true" />
          Add {noun}
        </Button>
      }
    >
      {editing === "new" && (
        <div className="mb-4">
          <Form clientId={client.company.id} onDone={finish} />
        </div>
      )}
      {items.length === 0 && editing !== "new" ? (
        <p className="text-sm text-muted-foreground">No {noun}s yet.</p>
      ) : (
        <ul className={listClassName}>
          {items.map((item) =>
            editing === item.id ? (
              <li key={item.id} className={formItemClassName}>
                <Form clientId={client.company.id} item={item} onDone={finish} />
              </li>
            ) : (
              <li key={item.id} className={itemClassName}>
                <Summary item={item} actions={actions(item)} />
              </li>
            ),
          )}
        </ul>
      )}
    </Panel>
  );
}
