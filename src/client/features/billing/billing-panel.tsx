import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { ChevronRight, FilePlus2, Loader2, Pencil, Plus, XCircle } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import type { RecurringPlan, RecurringPlanInput } from "@shared/schemas/billing";
import type { ClientDetail } from "@shared/schemas/clients";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { Modal } from "@/components/modal";
import { Panel } from "@/components/panel";
import { QueryError } from "@/components/view-states";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import {
  useCancelPlan,
  useClientBilling,
  useClientBillingAddress,
  useSavePlan,
  useStaffInvoices,
} from "./api";
import { BillingAddressForm } from "./billing-address";
import { planForm, planFormSchema, type PlanFormValues } from "./billing-forms";
import { cardExpiry, invoiceName } from "./billing-view";
import { PlanRequestsPanel } from "./plan-requests";

const planFields = ["name", "amount", "billingDay", "startsOn"];

function PlanDialog({
  companyId,
  plan,
  open,
  onOpenChange,
}: {
  companyId: string;
  /** The plan to change; none adds one. */
  plan?: RecurringPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const save = useSavePlan(companyId);
  const form = useForm<PlanFormValues, unknown, RecurringPlanInput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: planForm(plan),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    if (save.isPending) return;
    save.mutate(
      { ...input, planId: plan?.id },
      {
        onSuccess: (saved) => {
          toast({
            title: plan ? "Plan saved" : "Plan added",
            description: `${saved.name} at ${formatMoney(saved.amountCents)} a month.`,
          });
          onOpenChange(false);
        },
        onError: (error) =>
          showServerErrors(error, form.setError, planFields, { amountCents: "amount" }),
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? `Edit ${plan.name}` : "Add a monthly plan"}
      description="Invoiced on its billing day each month, from the day it starts."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field id={id("name")} label="Plan" error={errors.name?.message}>
          <Input
            {...fieldAria(id("name"), errors.name?.message)}
            {...form.register("name")}
            maxLength={100}
            placeholder="Business Hosting"
            autoComplete="off"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={id("amount")} label="Monthly price ($)" error={errors.amount?.message}>
            <Input
              {...fieldAria(id("amount"), errors.amount?.message)}
              {...form.register("amount")}
              inputMode="decimal"
              autoComplete="off"
              placeholder="24.99"
            />
          </Field>
          <Field
            id={id("day")}
            label="Billing day"
            hint="1 to 28"
            error={errors.billingDay?.message}
          >
            <Input
              {...fieldAria(id("day"), errors.billingDay?.message, true)}
              {...form.register("billingDay")}
              inputMode="numeric"
              maxLength={2}
              autoComplete="off"
            />
          </Field>
          <Field id={id("starts")} label="Starts on" error={errors.startsOn?.message}>
            <Input
              {...fieldAria(id("starts"), errors.startsOn?.message)}
              {...form.register("startsOn")}
              type="date"
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
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending && (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            )}
            {plan ? "Save plan" : "Add plan"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function PlanRow({ companyId, plan }: { companyId: string; plan: RecurringPlan }) {
  const cancel = useCancelPlan();
  const [editing, setEditing] = useState({ open: false, round: 0 });
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 font-semibold break-words text-foreground">{plan.name}</span>
        <span className="text-sm font-semibold whitespace-nowrap text-foreground tabular-nums">
          {formatMoney(plan.amountCents)}/mo
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        Billed on day {plan.billingDay}
        {plan.nextBillingDate && <> · next {formatCalendarDate(plan.nextBillingDate)}</>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setEditing(({ round }) => ({ open: true, round: round + 1 }))}
          aria-label={`Edit ${plan.name}`}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="destructive-ghost" size="sm" aria-label={`Cancel ${plan.name}`}>
              <XCircle aria-hidden="true" />
              Cancel plan
            </Button>
          }
          title={`Cancel ${plan.name}?`}
          description="No more monthly invoices are made for it. Invoices already issued stay as they are."
          confirmLabel="Cancel plan"
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(plan.id, {
              onSuccess: () => toast({ title: `${plan.name} cancelled` }),
              onError: (error) =>
                toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
            })
          }
        />
      </div>
      <PlanDialog
        key={editing.round}
        companyId={companyId}
        plan={plan}
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
    </li>
  );
}

function ClientInvoices({ companyId }: { companyId: string }) {
  const { data, error, refetch } = useStaffInvoices({ companyId });
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return <p className="text-sm text-muted-foreground">Loading invoices...</p>;
  if (data.invoices.length === 0)
    return <p className="text-sm text-muted-foreground">No invoices yet.</p>;
  return (
    <ul className="-mx-2 flex flex-col">
      {data.invoices.slice(0, 8).map((invoice) => (
        <li key={invoice.id}>
          <Link
            href={backOfficePaths.invoice(invoice.id)}
            className="group flex items-center justify-between gap-3 rounded-xl px-2 py-2.5 transition-colors hover:bg-gold-50"
          >
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-foreground group-hover:underline">
                {invoiceName(invoice)}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
                {invoice.dueDate && <>Due {formatCalendarDate(invoice.dueDate)}</>}
              </span>
            </span>
            <span className="flex items-center gap-1 text-sm font-semibold whitespace-nowrap tabular-nums">
              {formatMoney(invoice.totalCents)}
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
            </span>
          </Link>
        </li>
      ))}
      {data.total > 8 && (
        <li className="px-2 pt-2">
          <Link
            href={backOfficeLists.invoices.path({ companyId })}
            className="text-sm font-medium text-accent underline underline-offset-4"
          >
            All {data.total} invoices
          </Link>
        </li>
      )}
    </ul>
  );
}

/** A client's plans, card, balance and invoices in the back office; what they see under Billing. */
export function BillingPanel({ client }: { client: ClientDetail }) {
  const companyId = client.company.id;
  const { data: billing, error, refetch } = useClientBilling(companyId);
  const saveAddress = useClientBillingAddress(companyId);
  const [adding, setAdding] = useState({ open: false, round: 0 });
  const plans = billing?.plans.filter((plan) => plan.status === "active") ?? [];
  const card = billing?.paymentMethod;
  const expiry = card && cardExpiry(card);

  return (
    <>
      <PlanRequestsPanel companyId={companyId} />
      <Panel
        title="Plans and billing"
        description="What the client sees under Billing."
        headingId="client-billing"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={backOfficePaths.newInvoice(companyId)}>
              <FilePlus2 aria-hidden="true" />
              New invoice
            </Link>
          </Button>
        }
      >
        {error ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : !billing ? (
          <p className="text-sm text-muted-foreground">Loading billing...</p>
        ) : (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/70 p-4 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Balance</dt>
                <dd className="font-semibold text-foreground tabular-nums">
                  {formatMoney(billing.balanceCents)}
                  {billing.overdueCount > 0 && (
                    <span className="block text-xs font-semibold text-red-800">
                      {billing.overdueCount} overdue
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Monthly</dt>
                <dd className="font-semibold text-foreground tabular-nums">
                  {formatMoney(billing.monthlyCostCents)}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Card</dt>
                <dd className="font-medium text-foreground">
                  {card ? (
                    <>
                      {card.brand} ending in {card.last4}
                      {expiry && <span className="text-muted-foreground"> · expires {expiry}</span>}
                      {billing.autopay && (
                        <span className="text-muted-foreground"> · pays automatically</span>
                      )}
                    </>
                  ) : (
                    "None on file"
                  )}
                </dd>
              </div>
            </dl>

            <div>
              <div className="mb-2 flex items-center justify-between gap-3">
                <h3 className="font-sans text-sm font-semibold text-foreground">Monthly plans</h3>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setAdding(({ round }) => ({ open: true, round: round + 1 }))}
                >
                  <Plus aria-hidden="true" />
                  Add plan
                </Button>
              </div>
              {plans.length === 0 ? (
                <p className="text-sm text-muted-foreground">No monthly plan.</p>
              ) : (
                <ul className="divide-y divide-border">
                  {plans.map((plan) => (
                    <PlanRow key={plan.id} companyId={companyId} plan={plan} />
                  ))}
                </ul>
              )}
            </div>

            <BillingAddressForm
              billing={billing}
              save={saveAddress}
              hint="Printed under the client's name on invoices, credit notes and proposals; the client can change it under Billing."
            />

            <div>
              <h3 className="mb-1 font-sans text-sm font-semibold text-foreground">Invoices</h3>
              <ClientInvoices companyId={companyId} />
            </div>
          </div>
        )}
        <PlanDialog
          key={adding.round}
          companyId={companyId}
          open={adding.open}
          onOpenChange={(open) => setAdding((current) => ({ ...current, open }))}
        />
      </Panel>
    </>
  );
}
