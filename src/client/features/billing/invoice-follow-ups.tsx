import { useId, useState } from "react";
import { BellRing, Loader2, Undo2 } from "lucide-react";
import {
  paymentMethodLabels,
  paymentMethods,
  type InvoiceDetail,
  type Payment,
  type PaymentMethod,
} from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatCents } from "@/components/format";
import { Modal } from "@/components/modal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useRefundPayment, useRemindInvoice } from "./api";
import {
  invoiceName,
  owes,
  refundForm,
  serverFieldErrors,
  toRefund,
  type FieldErrors,
  type RefundFormState,
} from "./billing-view";

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
  `${formatCalendarDate(payment.paidOn)} · ${paymentMethodLabels[payment.method]} · ${formatCents(payment.amountCents)}`;

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
  const [state, setState] = useState<RefundFormState>(() =>
    refundForm(first?.payment.id, first?.leftCents),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const update = (patch: Partial<RefundFormState>) =>
    setState((current) => ({ ...current, ...patch }));
  const chosen = choices.find((entry) => entry.payment.id === state.paymentId);
  const byCard = chosen?.payment.method === "card";

  const submit = () => {
    if (refund.isPending) return;
    const checked = toRefund(state, byCard);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    refund.mutate(checked.data, {
      onSuccess: (updated) => {
        const note = updated.creditNotes.at(-1);
        toast({
          title: "Refund made",
          description: note
            ? `Credit note ${note.number} for ${formatCents(note.amountCents)} was emailed to the client.`
            : undefined,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, { amountCents: "amount" });
        if (fields) setErrors(fields);
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Refund a payment"
      description={`Money given back on ${invoiceName(invoice)}. A card payment is refunded to the card through Stripe; anything else is recorded as you returned it. Either way the client is emailed a credit note.`}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("payment")} label="Payment" error={errors.paymentId}>
            <Select
              value={state.paymentId}
              onValueChange={(paymentId) => {
                const entry = choices.find((choice) => choice.payment.id === paymentId);
                update({ ...refundForm(paymentId, entry?.leftCents), reason: state.reason });
              }}
            >
              <SelectTrigger {...fieldAria(id("payment"), errors.paymentId)}>
                <SelectValue placeholder="Which payment?" />
              </SelectTrigger>
              <SelectContent>
                {choices.map(({ payment }) => (
                  <SelectItem key={payment.id} value={payment.id}>
                    {paymentLabel(payment)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field
            id={id("amount")}
            label="Amount ($)"
            hint={chosen ? `At most ${formatCents(chosen.leftCents)}.` : undefined}
            error={errors.amount}
          >
            <Input
              {...fieldAria(id("amount"), errors.amount)}
              value={state.amount}
              inputMode="decimal"
              autoComplete="off"
              onChange={(event) => update({ amount: event.target.value })}
            />
          </Field>
          {!byCard && (
            <>
              <Field id={id("method")} label="Returned by" error={errors.method}>
                <Select
                  value={state.method}
                  onValueChange={(method) => update({ method: method as PaymentMethod })}
                >
                  <SelectTrigger {...fieldAria(id("method"), errors.method)}>
                    <SelectValue placeholder="How was it returned?" />
                  </SelectTrigger>
                  <SelectContent>
                    {paymentMethods
                      .filter((method) => method !== "card")
                      .map((method) => (
                        <SelectItem key={method} value={method}>
                          {paymentMethodLabels[method]}
                        </SelectItem>
                      ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field
                id={id("reference")}
                label="Reference (optional)"
                hint="Check number or transfer reference."
                error={errors.reference}
              >
                <Input
                  {...fieldAria(id("reference"), errors.reference, true)}
                  value={state.reference}
                  maxLength={255}
                  autoComplete="off"
                  onChange={(event) => update({ reference: event.target.value })}
                />
              </Field>
            </>
          )}
          <Field
            id={id("reason")}
            label="Reason (optional)"
            hint="Printed on the credit note."
            error={errors.reason}
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria(id("reason"), errors.reason, true)}
              value={state.reason}
              maxLength={500}
              autoComplete="off"
              onChange={(event) => update({ reason: event.target.value })}
            />
          </Field>
        </div>
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
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
