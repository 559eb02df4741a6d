import { Switch } from "radix-ui";
import {
  CalendarDays,
  CreditCard,
  Hourglass,
  Landmark,
  Loader2,
  LockKeyhole,
  MapPin,
  Receipt,
  ShieldCheck,
  Sparkles,
} from "lucide-react";
import type { Billing } from "@shared/schemas/billing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useAutopay, useBillingAddress, useSaveCard } from "./api";
import { BillingAddressForm } from "./billing-address";
import { activePlans, cardExpiry, planRequestText } from "./billing-view";

/*
 * The Billing tab's cards: the client's current plan, the card they pay with, and the address
 * their invoices print.
 */

function CardTitleRow({ icon: Icon, title }: { icon: typeof CreditCard; title: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-ink-950 text-gold-400">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 className="text-xl font-semibold tracking-tight text-foreground">{title}</h3>
    </div>
  );
}

export function CurrentPlanCard({
  billing,
  onUpgrade,
  onUpgradeIntent,
}: {
  billing: Billing;
  onUpgrade: () => void;
  /** The pointer or focus is on Upgrade Plan: time to fetch the dialog's code. */
  onUpgradeIntent?: () => void;
}) {
  const plans = activePlans(billing.plans);
  const [only] = plans.length === 1 ? plans : [];
  const pending = billing.planRequests.filter((request) => request.status === "pending");
  return (
    <Card className="flex flex-col p-6 sm:p-8">
      <CardTitleRow icon={Receipt} title="Current Plan" />
      {plans.length === 0 && billing.plansFromLaunch.length > 0 ? (
        <div className="mt-6 rounded-xl bg-muted p-4 text-sm">
          <ul className="flex flex-col gap-1">
            {billing.plansFromLaunch.map((plan, index) => (
              <li key={index} className="font-semibold break-words text-foreground">
                {plan.name} · {formatMoney(plan.amountCents)}/month from launch
              </li>
            ))}
          </ul>
          <p className="mt-2 text-muted-foreground">
            From your accepted proposal: the first monthly bill comes on the day your site launches.
          </p>
        </div>
      ) : plans.length === 0 ? (
        <p className="mt-6 rounded-xl bg-muted p-4 text-sm text-muted-foreground">
          No monthly plan yet. Ask for hosting or care below, and we will confirm the price with you
          first.
        </p>
      ) : only ? (
        <>
          <p className="mt-6 text-sm font-medium text-muted-foreground">Plan</p>
          <p className="mt-0.5 text-lg font-semibold text-foreground">{only.name}</p>
        </>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border">
          {plans.map((plan) => (
            <li key={plan.id} className="flex items-baseline justify-between gap-4 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-semibold break-words text-foreground">{plan.name}</span>
                {plan.nextBillingDate && (
                  <span className="block text-xs text-muted-foreground">
                    Next bill {formatCalendarDate(plan.nextBillingDate)}
                  </span>
                )}
              </span>
              <span className="text-sm font-semibold whitespace-nowrap text-foreground tabular-nums">
                {formatMoney(plan.amountCents)}/mo
              </span>
            </li>
          ))}
        </ul>
      )}
      {plans.length > 0 && (
        <>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
            <span className="font-display text-4xl font-semibold tracking-tight text-foreground tabular-nums sm:text-5xl">
              {formatMoney(billing.monthlyCostCents)}
            </span>
            <span className="text-sm font-medium text-muted-foreground">
              {plans.length > 1 ? "monthly in total" : "monthly"}
            </span>
          </p>
          <dl className="mt-6 flex items-center gap-3 rounded-xl bg-muted px-4 py-3 text-sm">
            <CalendarDays className="size-4 shrink-0 text-accent" aria-hidden="true" />
            <dt className="text-muted-foreground">Next billing date</dt>
            <dd className="ml-auto font-semibold text-foreground">
              {billing.nextBillingDate
                ? formatCalendarDate(billing.nextBillingDate)
                : "Not scheduled"}
            </dd>
          </dl>
        </>
      )}
      {pending.length > 0 && (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Plan requests">
          {pending.map((request) => (
            <li
              key={request.id}
              className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {planRequestText(request)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:pt-6">
        <Button
          onClick={onUpgrade}
          onPointerEnter={onUpgradeIntent}
          onFocus={onUpgradeIntent}
          aria-describedby="upgrade-hint"
          className="w-full sm:w-auto sm:self-start"
        >
          <Sparkles aria-hidden="true" />
          Upgrade Plan
        </Button>
        <p id="upgrade-hint" className="text-xs text-muted-foreground">
          Choose from our hosting and care plans. We confirm the price with you before anything
          changes.
        </p>
      </div>
    </Card>
  );
}

function AutopaySwitch({ billing }: { billing: Billing }) {
  const autopay = useAutopay();
  const checked = autopay.isPending ? autopay.variables : billing.autopay;
  const change = (enabled: boolean) => {
    if (autopay.isPending) return;
    autopay.mutate(enabled, {
      onSuccess: (updated) =>
        toast({
          title: updated.autopay ? "Automatic payments on" : "Automatic payments off",
          description: updated.autopay
            ? "Your card pays each monthly invoice when it is issued."
            : "We will email each invoice for you to pay.",
        }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
    });
  };
  return (
    <div className="mt-5 flex items-center gap-3 rounded-xl border border-border px-4 py-3">
      <Switch.Root
        id="autopay"
        checked={checked}
        onCheckedChange={change}
        aria-busy={autopay.isPending || undefined}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
          "data-[state=checked]:bg-emerald-600 data-[state=unchecked]:bg-ink-500",
          autopay.isPending && "opacity-70",
        )}
      >
        <Switch.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
      <label htmlFor="autopay" className="cursor-pointer text-sm font-medium text-foreground">
        Pay invoices automatically with this card
      </label>
    </div>
  );
}

export function PaymentMethodCard({ billing }: { billing: Billing }) {
  const method = billing.paymentMethod;
  const saveCard = useSaveCard();
  const expiry = method && cardExpiry(method);
  // Stripe's page takes over: the button stays busy until the browser has left.
  const leaving = saveCard.isPending || saveCard.isSuccess;
  return (
    <Card className="flex flex-col p-6 sm:p-8">
      <CardTitleRow icon={CreditCard} title="Payment Method" />
      {method ? (
        <div className="mt-6 flex items-center gap-4 rounded-2xl bg-gradient-to-br from-ink-900 to-ink-700 p-5 text-ink-50 shadow-lg">
          <span className="inline-flex h-10 w-14 shrink-0 items-center justify-center rounded-md bg-gold-500/90 text-xs font-bold tracking-wide text-ink-950 uppercase">
            {method.brand.slice(0, 4)}
          </span>
          <div className="min-w-0">
            <p className="font-semibold">
              {method.brand} ending in {method.last4}
            </p>
            {expiry && <p className="mt-0.5 text-sm text-ink-300">Expires {expiry}</p>}
          </div>
        </div>
      ) : (
        <p className="mt-6 rounded-xl bg-muted p-4 text-sm text-muted-foreground">
          No card on file.
        </p>
      )}
      {billing.cardsAccepted ? (
        <>
          {method && <AutopaySwitch billing={billing} />}
          <ul className="mt-5 flex flex-col gap-2 text-sm text-muted-foreground">
            <li className="flex items-start gap-2">
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              {method && billing.autopay
                ? `Monthly invoices are paid with this card when they are issued${billing.nextBillingDate ? `, next on ${formatCalendarDate(billing.nextBillingDate)}` : ""}.`
                : "Each invoice is emailed to you, and you can pay it here by card."}
            </li>
            <li className="flex items-start gap-2">
              <LockKeyhole className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              Your card is kept by Stripe. We only see its type, last four digits and expiry.
            </li>
          </ul>
          <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:pt-6">
            <Button
              variant="outline"
              onClick={() =>
                saveCard.mutate(undefined, {
                  onError: (error) =>
                    toast({
                      variant: "destructive",
                      title: "Error",
                      description: errorMessage(error),
                    }),
                })
              }
              aria-disabled={leaving || undefined}
              aria-describedby="payment-hint"
              className="w-full sm:w-auto sm:self-start"
            >
              {leaving ? (
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <CreditCard aria-hidden="true" />
              )}
              Update Payment Method
            </Button>
            <p id="payment-hint" className="flex items-start gap-1.5 text-xs text-muted-foreground">
              <ShieldCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              Opens Stripe&apos;s secure page to add or replace your card. Never send card numbers
              in a ticket or email.
            </p>
          </div>
        </>
      ) : (
        <div className="mt-5 flex items-start gap-3 rounded-xl border border-gold-300 bg-gold-50/70 p-4 text-sm text-foreground">
          <Landmark className="mt-0.5 size-4 shrink-0 text-gold-800" aria-hidden="true" />
          <p>
            Invoices can be paid by bank transfer or check. Each invoice shows our bank details and
            mailing address. Online card payments are not available at the moment.
          </p>
        </div>
      )}
    </Card>
  );
}

/** The address the company's invoices print under its name, which the client keeps. */
export function BillingAddressCard({ billing }: { billing: Billing }) {
  const save = useBillingAddress();
  return (
    <Card className="flex flex-col p-6 sm:p-8">
      <CardTitleRow icon={MapPin} title="Billing Address" />
      <div className="mt-6">
        <BillingAddressForm
          billing={billing}
          save={save}
          hint="Printed under your company's name on invoices and credit notes: a line each for the street, the city with its state and ZIP code, and the country."
        />
      </div>
    </Card>
  );
}
