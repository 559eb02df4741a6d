import { lazy, Suspense, useState } from "react";
import type { BillingNotice } from "@shared/deep-links";
import { SectionHeader } from "@/components/view-header";
import { LoadError, LoadingCards } from "@/components/view-states";
import { useBilling, useRefreshAfterStripe } from "./api";
import { BillingAddressCard, CurrentPlanCard, PaymentMethodCard } from "./billing-cards";
import { InvoicesSection, PaymentsSection } from "./billing-history";
import { activePlans } from "./billing-view";
import { StripeNotice } from "./stripe-notice";

// The dialogs open on a click (or an invoice's link): their code, with the plan request's form
// and Radix Select, is fetched then, not with the tab.
const loadPlanRequestDialog = () => import("./plan-request-dialog");
const PlanRequestDialog = lazy(() =>
  loadPlanRequestDialog().then((m) => ({ default: m.PlanRequestDialog })),
);
const InvoiceDialog = lazy(() =>
  import("./invoice-dialog").then((m) => ({ default: m.InvoiceDialog })),
);

/**
 * Billing: the plans, the card and the billing address, the invoices (one opens over the tab, as the invoice emails'
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
        description="Your plan, your card, your billing address, your invoices and what you have paid."
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
              onUpgradeIntent={() => void loadPlanRequestDialog().catch(() => {})}
            />
            <PaymentMethodCard billing={billing} />
            <BillingAddressCard billing={billing} />
          </div>
          <InvoicesSection billing={billing} invoiceHref={invoiceHref} />
          <PaymentsSection />
          {upgrade.round > 0 && (
            <Suspense fallback={null}>
              <PlanRequestDialog
                key={upgrade.round}
                open={upgrade.open}
                onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))}
                plans={activePlans(billing.plans)}
              />
            </Suspense>
          )}
        </>
      )}
      {invoiceId && (
        <Suspense fallback={null}>
          <InvoiceDialog id={invoiceId} onClose={onCloseInvoice} />
        </Suspense>
      )}
    </section>
  );
}
