import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation } from "wouter";
import { Ban, Banknote, Download, FileCheck2, Loader2, Trash2, XCircle } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import type { InvoiceDetail, RecordPaymentInput } from "@shared/schemas/billing";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { formatMoney } from "@shared/format";
import { Modal } from "@/components/modal";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { DetailPending } from "@/components/view-states";
import { SelectControl } from "@/components/select-control";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import {
  staffInvoicePdfUrl,
  useDeleteDraft,
  useInvoiceAction,
  useRecordPayment,
  useStaffInvoice,
  type InvoiceAction,
} from "./api";
import {
  offlineMethods,
  paymentForm,
  paymentFormSchema,
  type PaymentFormValues,
} from "./billing-forms";
import { invoiceName, owes } from "./billing-view";
import { RefundButton, RemindButton } from "./invoice-follow-ups";
import { InvoiceBody, invoiceKind } from "./invoice-parts";
import { NewInvoiceForm } from "./new-invoice-form";

const paymentFields = ["amount", "paidOn", "method", "reference"];

function RecordPaymentDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const record = useRecordPayment(invoice.id);
  const form = useForm<PaymentFormValues, unknown, RecordPaymentInput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: paymentForm(invoice.balanceCents),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    if (record.isPending) return;
    record.mutate(input, {
      onSuccess: (updated) => {
        toast({
          title: "Payment recorded",
          description:
            updated.status === "paid"
              ? `${invoiceName(updated)} is paid in full.`
              : `${formatMoney(updated.balanceCents)} is still owed on ${invoiceName(updated)}.`,
        });
        onOpenChange(false);
      },
      onError: (error) =>
        showServerErrors(error, form.setError, paymentFields, { amountCents: "amount" }),
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Record a payment"
      description={`Money received for ${invoiceName(invoice)} by transfer, check or cash. ${formatMoney(invoice.balanceCents)} is owed.`}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("amount")} label="Amount ($)" error={errors.amount?.message}>
            <Input
              {...fieldAria(id("amount"), errors.amount?.message)}
              {...form.register("amount")}
              inputMode="decimal"
              autoComplete="off"
            />
          </Field>
          <Field id={id("paid-on")} label="Received on" error={errors.paidOn?.message}>
            <Input
              {...fieldAria(id("paid-on"), errors.paidOn?.message)}
              {...form.register("paidOn")}
              type="date"
            />
          </Field>
          <Field id={id("method")} label="Method" error={errors.method?.message}>
            <SelectControl
              control={form.control}
              name="method"
              options={offlineMethods}
              placeholder="How was it paid?"
              aria={fieldAria(id("method"), errors.method?.message)}
            />
          </Field>
          <Field
            id={id("reference")}
            label="Reference (optional)"
            hint="Check number or transfer reference."
            error={errors.reference?.message}
          >
            <Input
              {...fieldAria(id("reference"), errors.reference?.message, true)}
              {...form.register("reference")}
              maxLength={255}
              autoComplete="off"
            />
          </Field>
        </div>
        {errors.root?.server && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={record.isPending || undefined}>
            {record.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Banknote aria-hidden="true" />
            )}
            Record payment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const actionToasts: Record<InvoiceAction, (invoice: InvoiceDetail) => string> = {
  issue: (invoice) => `Invoice ${invoiceName(invoice)} issued and emailed`,
  void: (invoice) => `Invoice ${invoiceName(invoice)} voided`,
  uncollectible: (invoice) => `Invoice ${invoiceName(invoice)} marked uncollectible`,
};

function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const [, navigate] = useLocation();
  const act = useInvoiceAction(invoice.id);
  const remove = useDeleteDraft(invoice.id);
  const [paying, setPaying] = useState({ open: false, round: 0 });
  const name = invoiceName(invoice);
  const run = (action: InvoiceAction) =>
    act.mutate(action, {
      onSuccess: (updated) => toast({ title: actionToasts[action](updated) }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
    });

  return (
    <>
      {invoice.status === "draft" && (
        <Button
          onClick={() => !act.isPending && run("issue")}
          aria-disabled={act.isPending || undefined}
        >
          {act.isPending ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <FileCheck2 aria-hidden="true" />
          )}
          Issue and email
        </Button>
      )}
      {owes(invoice) && (
        <Button onClick={() => setPaying(({ round }) => ({ open: true, round: round + 1 }))}>
          <Banknote aria-hidden="true" />
          Record payment
        </Button>
      )}
      {invoice.status === "open" && <RemindButton invoice={invoice} />}
      <RefundButton invoice={invoice} />
      <Button asChild variant="outline">
        <a href={staffInvoicePdfUrl(invoice.id)} download>
          <Download aria-hidden="true" />
          PDF
        </a>
      </Button>
      {invoice.status === "open" && (
        <>
          <ConfirmDialog
            trigger={
              <Button variant="outline">
                <Ban aria-hidden="true" />
                Void
              </Button>
            }
            title={`Void ${name}?`}
            description="A void invoice is cancelled: nothing is owed on it, and it keeps its number. Payments already recorded stay."
            confirmLabel="Void invoice"
            pending={act.isPending}
            onConfirm={() => run("void")}
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline">
                <XCircle aria-hidden="true" />
                Mark uncollectible
              </Button>
            }
            title={`Mark ${name} uncollectible?`}
            description="Use this when you do not expect to be paid: it stops the reminders and leaves the outstanding figure."
            confirmLabel="Mark uncollectible"
            pending={act.isPending}
            onConfirm={() => run("uncollectible")}
          />
        </>
      )}
      {invoice.status === "draft" && (
        <ConfirmDialog
          trigger={
            <Button variant="destructive-ghost">
              <Trash2 aria-hidden="true" />
              Delete draft
            </Button>
          }
          title="Delete this draft?"
          description="The draft is removed for good. It was never numbered or sent."
          confirmLabel="Delete draft"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast({ title: "Draft deleted" });
                navigate(backOfficePaths.client(invoice.companyId), { replace: true });
              },
              onError: (error) =>
                toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
            })
          }
        />
      )}
      {owes(invoice) && (
        <RecordPaymentDialog
          key={paying.round}
          invoice={invoice}
          open={paying.open}
          onOpenChange={(open) => setPaying((current) => ({ ...current, open }))}
        />
      )}
    </>
  );
}

function StaffInvoice({ id }: { id: string }) {
  const { data: invoice, error, isPending, refetch } = useStaffInvoice(id);
  useDocumentTitle(invoice ? `Invoice ${invoiceName(invoice)}` : "Invoice");
  const back = <BackLink href={backOfficeLists.invoices.path()}>Invoices</BackLink>;
  if (error || isPending) {
    return (
      <DetailPending
        title="Invoice"
        back={back}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the invoice..."
        notFound="This invoice does not exist, or it was a draft that was deleted."
      />
    );
  }
  return (
    <>
      <ViewHeader
        back={back}
        title={`Invoice ${invoiceName(invoice)}`}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
            <span>
              For{" "}
              <Link
                href={backOfficePaths.client(invoice.companyId)}
                className="font-medium text-accent underline underline-offset-4"
              >
                {invoice.companyName}
              </Link>
            </span>
            <span aria-hidden="true">·</span>
            <span>{invoiceKind(invoice)}</span>
          </span>
        }
      />
      <Panel
        title="Invoice"
        headingId="invoice-detail"
        description={`As ${invoice.companyName} sees it in their portal and in the PDF.`}
      >
        <InvoiceBody
          invoice={invoice}
          audience="staff"
          actions={<InvoiceActions invoice={invoice} />}
        />
      </Panel>
    </>
  );
}

/** /admin/invoices/:id: an invoice and what staff do with it; /admin/invoices/new writes one. */
export function StaffInvoiceView({ id }: { id: string }) {
  return id === "new" ? <NewInvoiceForm /> : <StaffInvoice key={id} id={id} />;
}
