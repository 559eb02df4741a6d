import { useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { FileCheck2, Loader2, Plus, Save, Trash2 } from "lucide-react";
import { NET_DAYS } from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatCents } from "@/components/format";
import { BackLink, Panel, useDocumentTitle, ViewHeader } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useClientChoices, useCreateInvoice } from "./api";
import {
  blankLine,
  draftLineAmount,
  draftSubtotal,
  emptyInvoiceForm,
  serverFieldErrors,
  toNewInvoice,
  type FieldErrors,
  type InvoiceFormState,
  type InvoiceLineDraft,
} from "./billing-view";

function LineFields({
  line,
  index,
  errors,
  removable,
  onChange,
  onRemove,
}: {
  line: InvoiceLineDraft;
  index: number;
  errors: FieldErrors;
  removable: boolean;
  onChange: (line: InvoiceLineDraft) => void;
  onRemove: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const error = (name: string) => errors[`lines.${index}.${name}`];
  const amount = draftLineAmount(line);
  const set = (patch: Partial<InvoiceLineDraft>) => onChange({ ...line, ...patch });
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="mb-3 flex min-h-9 items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Line {index + 1}
        </p>
        {removable && (
          <Button
            type="button"
            variant="destructive-ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove line ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_6rem_9rem] lg:grid-cols-[minmax(0,1fr)_6rem_10rem_8rem]">
        <Field
          id={id("description")}
          label="Description"
          error={error("description")}
          className="sm:col-span-3 lg:col-span-1"
        >
          <Input
            {...fieldAria(id("description"), error("description"))}
            value={line.description}
            maxLength={200}
            placeholder="Extra design work, June"
            onChange={(event) => set({ description: event.target.value })}
          />
        </Field>
        <Field id={id("quantity")} label="Qty" error={error("quantity")}>
          <Input
            {...fieldAria(id("quantity"), error("quantity"))}
            value={line.quantity}
            inputMode="numeric"
            maxLength={4}
            onChange={(event) => set({ quantity: event.target.value })}
          />
        </Field>
        <Field id={id("price")} label="Unit price ($)" error={error("price")}>
          <Input
            {...fieldAria(id("price"), error("price"))}
            value={line.price}
            inputMode="decimal"
            placeholder="250"
            onChange={(event) => set({ price: event.target.value })}
          />
        </Field>
        <div className="flex flex-col justify-end gap-2 sm:text-right">
          <span className="text-sm font-medium text-muted-foreground">Amount</span>
          <span className="flex min-h-11 items-center font-semibold text-foreground tabular-nums sm:justify-end">
            {amount === null ? "—" : formatCents(amount)}
          </span>
        </div>
      </div>
    </li>
  );
}

/** /admin/invoices/new (?companyId= picks the client): a manual invoice, issued or a draft. */
export function NewInvoiceForm() {
  useDocumentTitle("New invoice");
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [, navigate] = useLocation();
  const companyParam = new URLSearchParams(useSearch()).get("companyId") ?? "";
  const clients = useClientChoices();
  const create = useCreateInvoice();
  const [state, setState] = useState<InvoiceFormState>(() => emptyInvoiceForm(companyParam));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [issuing, setIssuing] = useState(true);

  const update = (patch: Partial<InvoiceFormState>) =>
    setState((current) => ({ ...current, ...patch }));
  const setLine = (index: number, line: InvoiceLineDraft) =>
    update({ lines: state.lines.map((old, i) => (i === index ? line : old)) });

  const save = (issue: boolean) => {
    if (create.isPending) return;
    setIssuing(issue);
    const checked = toNewInvoice(state, issue);
    if (checked.errors) {
      setErrors(checked.errors);
      setFailure("Some fields need your attention.");
      return;
    }
    setErrors({});
    setFailure(undefined);
    create.mutate(checked.data, {
      onSuccess: (invoice) => {
        toast({
          title: invoice.number ? `Invoice ${invoice.number} issued` : "Draft saved",
          description: invoice.number
            ? `${invoice.companyName} was emailed the invoice with its PDF.`
            : "Issue it from its page when it is ready.",
        });
        navigate(`/invoices/${invoice.id}`, { replace: true });
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, { unitPriceCents: "price" });
        if (fields) setErrors(fields);
        setFailure(errorMessage(error));
      },
    });
  };

  const clientName = clients.data?.find((client) => client.id === state.companyId)?.name;
  const back = state.companyId ? (
    <BackLink href={`/clients/${state.companyId}`}>{clientName ?? "Client"}</BackLink>
  ) : (
    <BackLink href="/invoices">Invoices</BackLink>
  );

  return (
    <>
      <ViewHeader
        back={back}
        title="New invoice"
        description={`Issued now, it is numbered, emailed with its PDF and due in ${NET_DAYS} days unless you pick a date. A draft waits for you.`}
      />
      <form
        noValidate
        aria-label="New invoice"
        onSubmit={(event) => {
          event.preventDefault();
          save(true);
        }}
        className="flex flex-col gap-6"
      >
        <Panel title="Client and terms" headingId="invoice-terms">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={id("client")} label="Client" error={errors.companyId}>
              <Select value={state.companyId} onValueChange={(companyId) => update({ companyId })}>
                <SelectTrigger {...fieldAria(id("client"), errors.companyId)}>
                  <SelectValue placeholder={clients.isPending ? "Loading..." : "Choose a client"} />
                </SelectTrigger>
                <SelectContent>
                  {(clients.data ?? []).map((client) => (
                    <SelectItem key={client.id} value={client.id}>
                      {client.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field
              id={id("due")}
              label="Due date (optional)"
              hint={`Empty: ${NET_DAYS} days after it is issued.`}
              error={errors.dueDate}
            >
              <Input
                {...fieldAria(id("due"), errors.dueDate, true)}
                type="date"
                value={state.dueDate}
                onChange={(event) => update({ dueDate: event.target.value })}
              />
            </Field>
            <Field
              id={id("memo")}
              label="Memo (optional)"
              hint="Shown on the invoice and its PDF."
              error={errors.memo}
              className="sm:col-span-2"
            >
              <Textarea
                {...fieldAria(id("memo"), errors.memo, true)}
                value={state.memo}
                rows={2}
                maxLength={2000}
                onChange={(event) => update({ memo: event.target.value })}
              />
            </Field>
          </div>
        </Panel>

        <Panel
          title={`Lines (${state.lines.length})`}
          description="Prices in dollars. Tax, if the agency charges it, is added when it is saved."
          headingId="invoice-lines"
        >
          <ol className="flex flex-col gap-3" aria-label="Lines">
            {state.lines.map((line, index) => (
              <LineFields
                key={line.key}
                line={line}
                index={index}
                errors={errors}
                removable={state.lines.length > 1}
                onChange={(changed) => setLine(index, changed)}
                onRemove={() => update({ lines: state.lines.filter((_, i) => i !== index) })}
              />
            ))}
          </ol>
          {errors.lines && (
            <p role="alert" className="mt-3 text-sm font-medium text-destructive">
              {errors.lines}
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <Button
              type="button"
              variant="outline"
              onClick={() => update({ lines: [...state.lines, blankLine()] })}
              disabled={state.lines.length >= 50}
            >
              <Plus aria-hidden="true" />
              Add a line
            </Button>
            <p className="text-sm">
              <span className="text-muted-foreground">Subtotal </span>
              <span className="text-lg font-semibold text-foreground tabular-nums">
                {formatCents(draftSubtotal(state.lines))}
              </span>
            </p>
          </div>
        </Panel>

        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:sticky sm:bottom-4 sm:z-10 sm:flex-row sm:justify-end sm:rounded-2xl sm:border sm:border-border sm:bg-card/95 sm:p-3 sm:shadow-lg sm:backdrop-blur">
          <Button
            type="button"
            variant="outline"
            onClick={() => save(false)}
            aria-disabled={create.isPending || undefined}
          >
            {create.isPending && !issuing ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save draft
          </Button>
          <Button type="submit" aria-disabled={create.isPending || undefined}>
            {create.isPending && issuing ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <FileCheck2 aria-hidden="true" />
            )}
            Issue and email
          </Button>
        </div>
      </form>
    </>
  );
}
