import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation, useSearch } from "wouter";
import { FileCheck2, Loader2, Plus, Save } from "lucide-react";
import { backOfficeLists, backOfficePaths, parseNewInvoiceCompany } from "@shared/deep-links";
import { NET_DAYS, type NewInvoiceInput } from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatMoney } from "@shared/format";
import { blankLineItem, LineItemsEditor } from "@/components/line-items-editor";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { formFailure, showServerErrors } from "@/lib/server-errors";
import { useClientChoices, useCreateInvoice } from "./api";
import {
  emptyInvoiceForm,
  invoiceFormSchema,
  invoiceSubtotal,
  type InvoiceFormValues,
} from "./billing-forms";

const fields = ["companyId", "lines", "dueDate", "memo"];

/** /admin/invoices/new (?companyId= picks the client): a manual invoice, issued or a draft. */
export function NewInvoiceForm() {
  useDocumentTitle("New invoice");
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [, navigate] = useLocation();
  const companyParam = parseNewInvoiceCompany(useSearch()) ?? "";
  const clients = useClientChoices();
  const create = useCreateInvoice();
  const form = useForm<InvoiceFormValues, unknown, NewInvoiceInput>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: emptyInvoiceForm(companyParam),
  });
  const { errors } = form.formState;
  const [companyId, lines] = useWatch({ control: form.control, name: ["companyId", "lines"] });
  const [issuing, setIssuing] = useState(true);
  const failure = formFailure(errors);

  /** Issues the invoice (numbered and emailed) or keeps it as a draft. */
  const save = (issue: boolean) =>
    form.handleSubmit((input) => {
      if (create.isPending) return;
      setIssuing(issue);
      create.mutate(
        { ...input, issue },
        {
          onSuccess: (invoice) => {
            toast({
              title: invoice.number ? `Invoice ${invoice.number} issued` : "Draft saved",
              description: invoice.number
                ? `${invoice.companyName} was emailed the invoice with its PDF.`
                : "Issue it from its page when it is ready.",
            });
            navigate(backOfficePaths.invoice(invoice.id), { replace: true });
          },
          onError: (error) =>
            showServerErrors(error, form.setError, fields, { unitPriceCents: "price" }),
        },
      );
    });

  const clientName = clients.data?.find((client) => client.id === companyId)?.name;
  const back = companyId ? (
    <BackLink href={backOfficePaths.client(companyId)}>{clientName ?? "Client"}</BackLink>
  ) : (
    <BackLink href={backOfficeLists.invoices.path()}>Invoices</BackLink>
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
        onSubmit={save(true)}
        className="flex flex-col gap-6"
      >
        <Panel title="Client and terms" headingId="invoice-terms">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={id("client")} label="Client" error={errors.companyId?.message}>
              <SelectControl
                control={form.control}
                name="companyId"
                options={(clients.data ?? []).map((client) => ({
                  value: client.id,
                  label: client.name,
                }))}
                placeholder={clients.isPending ? "Loading..." : "Choose a client"}
                aria={fieldAria(id("client"), errors.companyId?.message)}
              />
            </Field>
            <Field
              id={id("due")}
              label="Due date (optional)"
              hint={`Empty: ${NET_DAYS} days after it is issued.`}
              error={errors.dueDate?.message}
            >
              <Input
                {...fieldAria(id("due"), errors.dueDate?.message, true)}
                {...form.register("dueDate")}
                type="date"
              />
            </Field>
            <Field
              id={id("memo")}
              label="Memo (optional)"
              hint="Shown on the invoice and its PDF."
              error={errors.memo?.message}
              className="sm:col-span-2"
            >
              <Textarea
                {...fieldAria(id("memo"), errors.memo?.message, true)}
                {...form.register("memo")}
                rows={2}
                maxLength={2000}
              />
            </Field>
          </div>
        </Panel>

        <Panel
          title={`Lines (${lines.length})`}
          description="Prices in dollars. Tax, if the agency charges it, is added when it is saved."
          headingId="invoice-lines"
        >
          <LineItemsEditor
            form={form}
            minLines={1}
            placeholders={{ description: "Extra design work, June", price: "250" }}
            footer={(add, count) => (
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => add(blankLineItem())}
                  disabled={count >= 50}
                >
                  <Plus aria-hidden="true" />
                  Add a line
                </Button>
                <p className="text-sm">
                  <span className="text-muted-foreground">Subtotal </span>
                  <span className="text-lg font-semibold text-foreground tabular-nums">
                    {formatMoney(invoiceSubtotal(lines))}
                  </span>
                </p>
              </div>
            )}
          />
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
            onClick={save(false)}
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
