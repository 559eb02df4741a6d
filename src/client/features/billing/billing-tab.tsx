import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Switch } from "radix-ui";
import {
  AlertTriangle,
  CalendarDays,
  CheckCircle2,
  CreditCard,
  Download,
  FileText,
  Hourglass,
  Landmark,
  Loader2,
  LockKeyhole,
  Receipt,
  ShieldCheck,
  Sparkles,
  Wallet,
  X,
} from "lucide-react";
import type { BillingNotice } from "@shared/deep-links";
import type { Billing, InvoiceSummary } from "@shared/schemas/billing";
import { formatCalendarDate, formatCents } from "@/components/format";
import { Modal } from "@/components/modal";
import {
  DataTable,
  LoadError,
  LoadingCards,
  SectionHeader,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from "@/components/parts";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import {
  invoicePdfUrl,
  useAutopay,
  useBilling,
  useCheckout,
  useInvoice,
  useInvoices,
  usePayments,
  useRefreshAfterStripe,
  useSaveCard,
} from "./api";
import { activePlans, cardExpiry, invoiceName, owes, planRequestText } from "./billing-view";
import { InvoiceBody, invoiceKind, PaymentRows } from "./invoice-parts";
import { PlanRequestDialog } from "./plan-request-dialog";

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
                {plan.name} · {formatCents(plan.amountCents)}/month from launch
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
                {formatCents(plan.amountCents)}/mo
              </span>
            </li>
          ))}
        </ul>
      )}
      {plans.length > 0 && (
        <>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
            <span className="font-display text-4xl font-semibold tracking-tight text-foreground tabular-nums sm:text-5xl">
              {formatCents(billing.monthlyCostCents)}
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

function PaymentMethodCard({ billing }: { billing: Billing }) {
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

/** "Thank you" after Stripe, until the client dismisses it. */
function StripeNotice({ notice, onDismiss }: { notice: BillingNotice; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">
          {notice === "paid" ? "Thank you for your payment" : "Your card is saved"}
        </p>
        <p className="mt-0.5">
          {notice === "paid"
            ? "Stripe has taken your payment and emails you a receipt. The invoice shows as paid as soon as Stripe confirms it, usually within a minute."
            : "Stripe keeps your card safe; we only see its type, last four digits and expiry. It can take a minute to show here."}
        </p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-mt-1.5 -mr-1.5 inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-emerald-900/10"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function PayNowButton({
  invoiceId,
  size = "sm",
  className,
}: {
  invoiceId: string;
  size?: "sm" | "default";
  className?: string;
}) {
  const checkout = useCheckout();
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <Button
      size={size}
      className={className}
      aria-disabled={leaving || undefined}
      onClick={() => {
        if (leaving) return;
        checkout.mutate(invoiceId, {
          onError: (error) =>
            toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
        });
      }}
    >
      {leaving ? (
        <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <Wallet aria-hidden="true" />
      )}
      Pay now
    </Button>
  );
}

function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-xl font-semibold tracking-tight text-foreground">
      {children}
    </h3>
  );
}

function InvoicesSection({
  billing,
  invoiceHref,
}: {
  billing: Billing;
  invoiceHref: (id: string) => string;
}) {
  const { data: invoices, isPending, isError, refetch } = useInvoices();
  return (
    <section aria-labelledby="invoices-heading" className="mt-12">
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <SubHeading id="invoices-heading">Invoices</SubHeading>
        <p
          className={cn(
            "flex items-center gap-2 text-sm",
            billing.overdueCount > 0 ? "font-semibold text-red-800" : "text-muted-foreground",
          )}
        >
          {billing.overdueCount > 0 && <AlertTriangle className="size-4" aria-hidden="true" />}
          {billing.balanceCents > 0 ? (
            <>
              Outstanding balance: {formatCents(billing.balanceCents)}
              {billing.overdueCount > 0 &&
                ` (${billing.overdueCount} overdue ${billing.overdueCount === 1 ? "invoice" : "invoices"})`}
            </>
          ) : (
            "Outstanding balance: $0.00. You are all paid up."
          )}
        </p>
      </div>
      {isPending ? (
        <LoadingCards label="Loading your invoices..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your invoices" onRetry={() => void refetch()} />
      ) : invoices.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-card/60 p-6 text-center text-sm text-muted-foreground">
          No invoices yet. Each invoice appears here when we issue it, and we email you a copy.
        </p>
      ) : (
        <DataTable caption="Your invoices, newest first">
          <THead>
            <TH>Invoice</TH>
            <TH>Issued</TH>
            <TH>Due</TH>
            <TH className="text-right">Amount</TH>
            <TH>Status</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </THead>
          <TBody>
            {invoices.map((invoice) => (
              <InvoiceRow
                key={invoice.id}
                invoice={invoice}
                href={invoiceHref(invoice.id)}
                cardsAccepted={billing.cardsAccepted}
              />
            ))}
          </TBody>
        </DataTable>
      )}
    </section>
  );
}

function InvoiceRow({
  invoice,
  href,
  cardsAccepted,
}: {
  invoice: InvoiceSummary;
  href: string;
  cardsAccepted: boolean;
}) {
  const name = invoiceName(invoice);
  return (
    <TR className={cn(invoice.overdue && "lg:bg-red-50/40")}>
      <TD main>
        <Link
          href={href}
          aria-label={`Open invoice ${name}`}
          className="rounded-sm font-semibold text-foreground underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-ring lg:focus-visible:after:rounded-none"
        >
          <FileText
            className="mr-1.5 inline size-4 align-[-2px] text-muted-foreground"
            aria-hidden="true"
          />
          {name}
        </Link>
        <span className="block text-xs text-muted-foreground">{invoiceKind(invoice)}</span>
      </TD>
      <TD label="Issued" hideOnPhone className="whitespace-nowrap">
        {invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "—"}
      </TD>
      <TD
        label="Due"
        className={cn("whitespace-nowrap", invoice.overdue && "font-semibold text-red-800")}
      >
        {invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"}
      </TD>
      <TD label="Amount" className="font-semibold whitespace-nowrap tabular-nums lg:text-right">
        {formatCents(invoice.totalCents)}
        {owes(invoice) && invoice.paidCents > 0 && (
          <span className="block text-xs font-normal text-muted-foreground">
            {formatCents(invoice.balanceCents)} left to pay
          </span>
        )}
      </TD>
      <TD inline label="Status" className="max-lg:order-first">
        <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
      </TD>
      <TD label="" className="max-lg:w-full">
        <span className="relative z-10 flex flex-wrap items-center gap-2 lg:justify-end">
          <Button asChild variant="outline" size="sm">
            <a
              href={invoicePdfUrl(invoice.id)}
              download
              aria-label={`Download invoice ${name} (PDF)`}
            >
              <Download aria-hidden="true" />
              PDF
            </a>
          </Button>
          {cardsAccepted && owes(invoice) && <PayNowButton invoiceId={invoice.id} />}
        </span>
      </TD>
    </TR>
  );
}

function PaymentsSection() {
  const { data: payments, isPending, isError, refetch } = usePayments();
  return (
    <section aria-labelledby="payments-heading" className="mt-12">
      <div className="mb-4">
        <SubHeading id="payments-heading">Payments</SubHeading>
      </div>
      {isPending ? (
        <LoadingCards label="Loading your payments..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your payments" onRetry={() => void refetch()} />
      ) : payments.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-card/60 p-6 text-center text-sm text-muted-foreground">
          No payments yet.
        </p>
      ) : (
        <PaymentRows payments={payments} showInvoice />
      )}
    </section>
  );
}

/** One invoice over the tab: its lines, totals, payments, PDF and Pay now. */
function InvoiceDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: invoice, isPending, isError, error, refetch } = useInvoice(id);
  const title = invoice ? `Invoice ${invoiceName(invoice)}` : "Invoice";
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={invoice ? invoiceKind(invoice) : undefined}
      size="wide"
    >
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading the invoice...
        </p>
      ) : isError ? (
        (error as { status?: number }).status === 404 ? (
          <p role="alert" className="text-sm text-destructive">
            This invoice does not exist, or it is not one of yours.
          </p>
        ) : (
          <LoadError what="this invoice" onRetry={() => void refetch()} />
        )
      ) : (
        <InvoiceBody
          invoice={invoice}
          actions={
            <>
              {invoice.payableByCard && <PayNowButton invoiceId={invoice.id} size="default" />}
              <Button asChild variant="outline">
                <a href={invoicePdfUrl(invoice.id)} download>
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
            </>
          }
        />
      )}
    </Modal>
  );
}

/**
 * Billing: the plans and the card, the invoices (one opens over the tab, as the invoice emails'
 * links ask) and the payments.
 */
export function BillingTab({
  invoiceId,
  notice,
  invoiceHref,
  onCloseInvoice,
  onDismissNotice,
}: {
  invoiceId: string | null;
  notice: BillingNotice | null;
  invoiceHref: (id: string) => string;
  onCloseInvoice: () => void;
  onDismissNotice: () => void;
}) {
  const { data: billing, isPending, isError, refetch } = useBilling();
  useRefreshAfterStripe(notice !== null);
  const [upgrade, setUpgrade] = useState({ open: false, round: 0 });

  return (
    <section aria-labelledby="billing-heading">
      <SectionHeader
        titleId="billing-heading"
        title="Billing"
        description="Your plan, your card, your invoices and what you have paid."
      />
      {notice && <StripeNotice notice={notice} onDismiss={onDismissNotice} />}
      {isPending ? (
        <LoadingCards label="Loading your billing details..." />
      ) : isError ? (
        <LoadError what="your billing details" onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="grid gap-5 md:grid-cols-2">
            <CurrentPlanCard
              billing={billing}
              onUpgrade={() => setUpgrade(({ round }) => ({ open: true, round: round + 1 }))}
            />
            <PaymentMethodCard billing={billing} />
          </div>
          <InvoicesSection billing={billing} invoiceHref={invoiceHref} />
          <PaymentsSection />
          <PlanRequestDialog
            key={upgrade.round}
            open={upgrade.open}
            onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))}
            plans={activePlans(billing.plans)}
          />
        </>
      )}
      {invoiceId && <InvoiceDialog id={invoiceId} onClose={onCloseInvoice} />}
    </section>
  );
}
