import { useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import type { Billing } from "@shared/schemas/billing";
import type { ClientDetail } from "@shared/schemas/clients";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatCents } from "@/components/format";
import { Panel } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useClientWrite } from "@/lib/queries";
import { showServerErrors } from "@/lib/server-errors";
import { saveBilling } from "./api";
import { billingFormSchema, billingFormValues } from "./billing-form";

const cardBrands = ["Visa", "Mastercard", "American Express", "Discover"];

function BillingForm({
  clientId,
  billing,
  onDone,
}: {
  clientId: string;
  billing: Billing | null;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const save = useClientWrite(clientId, saveBilling(clientId));
  const form = useForm({
    resolver: zodResolver(billingFormSchema),
    defaultValues: billingFormValues(billing),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({ title: "Billing saved" });
        onDone();
      },
      (error: unknown) =>
        showServerErrors(error, form.setError, Object.keys(billingFormValues(null)), {
          monthlyCostCents: "monthlyCost",
        }),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit billing" className="flex flex-col gap-4">
      <Field id={id("plan")} label="Plan" error={errors.plan?.message}>
        <Input
          {...fieldAria(id("plan"), errors.plan?.message)}
          {...form.register("plan")}
          autoComplete="off"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Field id={id("cost")} label="Monthly cost (USD)" error={errors.monthlyCost?.message}>
          <div className="relative">
            <span
              className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            >
              $
            </span>
            <Input
              {...fieldAria(id("cost"), errors.monthlyCost?.message)}
              {...form.register("monthlyCost")}
              inputMode="decimal"
              autoComplete="off"
              className="pl-8"
            />
          </div>
        </Field>
        <Field id={id("next")} label="Next billing date" error={errors.nextBillingDate?.message}>
          <Input
            {...fieldAria(id("next"), errors.nextBillingDate?.message)}
            {...form.register("nextBillingDate")}
            type="date"
          />
        </Field>
      </div>

      <fieldset className="flex flex-col gap-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold text-foreground">Payment method</legend>
        <p className="-mt-2 text-xs text-muted-foreground">
          Display details only. Never enter a full card number.
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field id={id("brand")} label="Card brand" error={errors.cardBrand?.message}>
            <Input
              {...fieldAria(id("brand"), errors.cardBrand?.message)}
              {...form.register("cardBrand")}
              list={id("brands")}
              autoComplete="off"
            />
            <datalist id={id("brands")}>
              {cardBrands.map((brand) => (
                <option key={brand} value={brand} />
              ))}
            </datalist>
          </Field>
          <Field id={id("last4")} label="Last four digits" error={errors.cardLast4?.message}>
            <Input
              {...fieldAria(id("last4"), errors.cardLast4?.message)}
              {...form.register("cardLast4")}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              placeholder="4242"
            />
          </Field>
          <Field id={id("month")} label="Expiry month" error={errors.cardExpMonth?.message}>
            <Input
              {...fieldAria(id("month"), errors.cardExpMonth?.message)}
              {...form.register("cardExpMonth")}
              inputMode="numeric"
              maxLength={2}
              autoComplete="off"
              placeholder="MM"
            />
          </Field>
          <Field id={id("year")} label="Expiry year" error={errors.cardExpYear?.message}>
            <Input
              {...fieldAria(id("year"), errors.cardExpYear?.message)}
              {...form.register("cardExpYear")}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              placeholder="YYYY"
            />
          </Field>
        </div>
      </fieldset>

      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save billing"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium break-words text-foreground">{children}</dd>
    </div>
  );
}

/** A client's plan and card in the back office: what the client sees under Billing. */
export function BillingPanel({ client }: { client: ClientDetail }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { billing } = client;
  const card = billing?.paymentMethod;

  return (
    <Panel
      title="Plan and billing"
      description="What the client sees under Billing."
      headingId="client-billing"
      actions={
        !editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {billing ? "Edit billing" : "Set up billing"}
          </Button>
        )
      }
    >
      {editing ? (
        <BillingForm
          clientId={client.company.id}
          billing={billing}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : billing ? (
        <dl className="divide-y divide-border">
          <Row label="Plan">{billing.plan}</Row>
          <Row label="Monthly cost">{formatCents(billing.monthlyCostCents)}</Row>
          <Row label="Next billing date">
            {billing.nextBillingDate ? formatCalendarDate(billing.nextBillingDate) : "Not set"}
          </Row>
          <Row label="Payment method">
            {card ? (
              <>
                <span className="block">
                  {card.brand} ending in {card.last4}
                </span>
                {card.expMonth && card.expYear && (
                  <span className="block text-xs font-normal text-muted-foreground">
                    Expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  </span>
                )}
              </>
            ) : (
              "None on file"
            )}
          </Row>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">No billing record yet.</p>
      )}
    </Panel>
  );
}
