import { CheckCircle2, X } from "lucide-react";
import type { BillingNotice } from "@shared/deep-links";

/** "Thank you" after Stripe, until the client dismisses it. */
export function StripeNotice({
  notice,
  onDismiss,
}: {
  notice: BillingNotice;
  onDismiss: () => void;
}) {
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
