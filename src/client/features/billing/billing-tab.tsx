import { Link } from "wouter";
import {
  ArrowUpRight,
  CalendarDays,
  CreditCard,
  LockKeyhole,
  Receipt,
  ShieldCheck,
  Sparkles,
} from "lucide-react";
import type { Billing } from "@shared/schemas/billing";
import { formatCalendarDate, formatCents } from "@/components/format";
import { EmptyState, LoadError, LoadingCards, SectionHeader } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useBilling } from "./api";

const twoDigits = (value: number) => String(value).padStart(2, "0");

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

function CurrentPlanCard({ billing, onUpgrade }: { billing: Billing; onUpgrade: () => void }) {
  return (
    <Card className="flex flex-col p-6 sm:p-8">
      <CardTitleRow icon={Receipt} title="Current Plan" />
      <p className="mt-6 text-sm font-medium text-muted-foreground">Plan</p>
      <p className="mt-0.5 text-lg font-semibold text-foreground">{billing.plan}</p>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="font-display text-4xl font-semibold tracking-tight text-foreground tabular-nums sm:text-5xl">
          {formatCents(billing.monthlyCostCents)}
        </span>
        <span className="text-sm font-medium text-muted-foreground">monthly</span>
      </p>
      <dl className="mt-6 flex items-center gap-3 rounded-xl bg-muted px-4 py-3 text-sm">
        <CalendarDays className="size-4 shrink-0 text-accent" aria-hidden="true" />
        <dt className="text-muted-foreground">Next billing date</dt>
        <dd className="ml-auto font-semibold text-foreground">
          {billing.nextBillingDate ? formatCalendarDate(billing.nextBillingDate) : "Not scheduled"}
        </dd>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:pt-6">
        <Button
          onClick={onUpgrade}
          aria-describedby="upgrade-hint"
          className="w-full sm:w-auto sm:self-start"
        >
          <Sparkles aria-hidden="true" />
          Upgrade Plan
        </Button>
        <p id="upgrade-hint" className="text-xs text-muted-foreground">
          Opens a plan upgrade request. We will recommend the right plan and confirm the price
          before anything changes.
        </p>
      </div>
    </Card>
  );
}

function PaymentMethodCard({ billing, onUpdate }: { billing: Billing; onUpdate: () => void }) {
  const method = billing.paymentMethod;
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
            {method.expMonth && method.expYear ? (
              <p className="mt-0.5 text-sm text-ink-300">
                Expires {twoDigits(method.expMonth)}/{method.expYear}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="mt-6 rounded-xl bg-muted p-4 text-sm text-muted-foreground">
          No payment method on file yet.
        </p>
      )}
      <ul className="mt-5 flex flex-col gap-2 text-sm text-muted-foreground">
        <li className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          {method
            ? `Charged automatically on each billing date${billing.nextBillingDate ? `, next on ${formatCalendarDate(billing.nextBillingDate)}` : ""}.`
            : "Add a card so your plan renews without interruption."}
        </li>
        <li className="flex items-start gap-2">
          <LockKeyhole className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          Only the card type and last four digits are shown here.
        </li>
      </ul>
      <div className="mt-6 flex flex-col gap-2 sm:mt-auto sm:pt-6">
        <Button
          variant="outline"
          onClick={onUpdate}
          aria-describedby="payment-hint"
          className="w-full sm:w-auto sm:self-start"
        >
          <CreditCard aria-hidden="true" />
          Update Payment Method
        </Button>
        <p id="payment-hint" className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          Opens a request to our team, who will help you change your card securely. Never send card
          numbers in a ticket.
        </p>
      </div>
    </Card>
  );
}

/** Billing: the plan and the card on file; changes go through a support request. */
export function BillingTab({
  onUpgrade,
  onUpdatePayment,
}: {
  onUpgrade: () => void;
  onUpdatePayment: () => void;
}) {
  const { data: billing, isPending, isError, refetch } = useBilling();

  return (
    <section aria-labelledby="billing-heading">
      <SectionHeader
        titleId="billing-heading"
        title="Billing"
        description="Your plan, what it costs, and the card we charge."
      />
      {isPending ? (
        <LoadingCards label="Loading your billing details..." />
      ) : isError ? (
        <LoadError what="your billing details" onRetry={() => void refetch()} />
      ) : billing === null ? (
        <EmptyState
          icon={Receipt}
          title="No billing plan yet"
          action={
            <Button asChild>
              <Link href="/pricing">
                See plans and pricing
                <ArrowUpRight aria-hidden="true" />
              </Link>
            </Button>
          }
        >
          When your hosting or maintenance plan starts, your plan, monthly cost and next billing
          date appear here.
        </EmptyState>
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          <CurrentPlanCard billing={billing} onUpgrade={onUpgrade} />
          <PaymentMethodCard billing={billing} onUpdate={onUpdatePayment} />
        </div>
      )}
    </section>
  );
}
