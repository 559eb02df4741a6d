import { useId, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { BellRing, Loader2, Undo2 } from "lucide-react";
import {
  paymentMethodLabels,
  type InvoiceDetail,
  type Payment,
  type RefundInput,
} from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { Modal } from "@/components/modal";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import { useRefundPayment, useRemindInvoice } from "./api";
import {
  offlineMethods,
  refundForm,
  refundFormSchema,
  type RefundFormValues,
} from "./billing-forms";
import { invoiceName, owes } from "./billing-view";

const refundFields = ["paymentId", "amount", "method", "reference", "reason"];

/*
 * What staff do once an invoice is out: remind the client by hand, and refund a payment (which
 * issues a credit note the client is emailed).
 */

/** "Send reminder": the same email the schedule sends, now. */
export function RemindButton({ invoice }: { invoice: InvoiceDetail }) {
  const remind = useRemindInvoice(invoice.id);
  if (!owes(invoice)) return null;
  return (
    <Button
      variant="outline"
      aria-disabled={remind.isPending || undefined}
      onClick={() =>
        !remind.isPending &&
        remind.mutate(undefined, {
          onSuccess: ({ sentTo }) =>
            toast({
              title: "Reminder sent",
              description: `Invoice ${invoiceName(invoice)} was emailed to ${sentTo.join(", ")}.`,
            }),
          onError: (error) =>
            toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
        })
      }
    >
      {remind.isPending ? (
        <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <BellRing aria-hidden="true" />
      )}
      Send reminder
    </Button>
  );
}

/** What is left to refund of each payment: its amount less its credit notes, at most what is paid. */
function refundable(invoice: InvoiceDetail): { payment: Payment; leftCents: number }[] {
  return invoice.payments
    .filter((row) => row.kind === "payment" && row.status === "succeeded")
    .map((payment) => {
      const credited = invoice.creditNotes
        .filter((note) => note.paymentId === payment.id)
        .reduce((sum, note) => sum + note.amountCents, 0);
      return {
        payment,
        leftCents: Math.min(payment.amountCents - credited, invoice.paidCents),
      };
    })
    .filter((entry) => entry.leftCents > 0);
}

const paymentLabel = (payment: Payment) =>
  `${formatCalendarDate(payment.paidOn)} · ${paymentMethodLabels[payment.method]} · ${formatMoney(payment.amountCents)}`;

function RefundDialog({
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
  const choices = refundable(invoice);
  const first = choices[0];
  const refund = useRefundPayment(invoice.id);
  const paymentOf = (paymentId: string) => choices.find((entry) => entry.payment.id === paymentId);
  const schema = useMemo(() => refundFormSchema(invoice.payments), [invoice.payments]);
  const form = useForm<RefundFormValues, unknown, RefundInput>({
    resolver: zodResolver(schema),
    defaultValues: refundForm(first?.payment.id, first?.leftCents),
  });
  const { errors } = form.formState;
  const chosen = paymentOf(useWatch({ control: form.control, name: "paymentId" }));
  const byCard = chosen?.payment.method === "card";

  /** Another payment: its amount left, and how it went back asked again. */
  const choose = (paymentId: string) => {
    const { amount, method, reference } = refundForm(paymentId, paymentOf(paymentId)?.leftCents);
    form.setValue("amount", amount);
    form.setValue("method", method);
    form.setValue("reference", reference);
  };

  const onSubmit = form.handleSubmit((input) => {
    if (refund.isPending) return;
    refund.mutate(input, {
      onSuccess: (updated) => {
        const note = updated.creditNotes.at(-1);
        toast({
          title: "Refund made",
          description: note
            ? `Credit note ${note.number} for ${formatMoney(note.amountCents)} was emailed to the client.`
            : undefined,
        });
        onOpenChange(false);
      },
      onError: (error) =>
        showServerErrors(error, form.setError, refundFields, { amountCents: "amount" }),
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Refund a payment"
      description={`Money given back on ${invoiceName(invoice)}. A card payment is refunded to the card through Stripe; anything else is recorded as you returned it. Either way the client is emailed a credit note.`}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("payment")} label="Payment" error={errors.paymentId?.message}>
            <SelectControl
              control={form.control}
              name="paymentId"
              options={choices.map(({ payment }) => ({
                value: payment.id,
                label: paymentLabel(payment),
              }))}
              placeholder="Which payment?"
              aria={fieldAria(id("payment"), errors.paymentId?.message)}
              onChange={choose}
            />
          </Field>
          <Field
            id={id("amount")}
            label="Amount ($)"
            hint={chosen ? `At most ${formatMoney(chosen.leftCents)}.` : undefined}
            error={errors.amount?.message}
          >
            <Input
              {...fieldAria(id("amount"), errors.amount?.message)}
              {...form.register("amount")}
              inputMode="decimal"
              autoComplete="off"
            />
          </Field>
          {!byCard && (
            <>
              <Field id={id("method")} label="Returned by" error={errors.method?.message}>
                <SelectControl
                  control={form.control}
                  name="method"
                  options={offlineMethods}
                  placeholder="How was it returned?"
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
            </>
          )}
          <Field
            id={id("reason")}
            label="Reason (optional)"
            hint="Printed on the credit note."
            error={errors.reason?.message}
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria(id("reason"), errors.reason?.message, true)}
              {...form.register("reason")}
              maxLength={500}
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
          <Button type="submit" aria-disabled={refund.isPending || undefined}>
            {refund.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Undo2 aria-hidden="true" />
            )}
            {byCard ? "Refund to the card" : "Record refund"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** "Refund": shown while a payment of an issued invoice has something left to give back. */
export function RefundButton({ invoice }: { invoice: InvoiceDetail }) {
  const [refunding, setRefunding] = useState({ open: false, round: 0 });
  if (invoice.status === "draft" || invoice.status === "void") return null;
  if (refundable(invoice).length === 0) return null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setRefunding(({ round }) => ({ open: true, round: round + 1 }))}
      >
        <Undo2 aria-hidden="true" />
        Refund
      </Button>
      <RefundDialog
        key={refunding.round}
        invoice={invoice}
        open={refunding.open}
        onOpenChange={(open) => setRefunding((current) => ({ ...current, open }))}
      />
    </>
  );
}
