import { Loader2, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useCheckout } from "./api";

/** Pay now: the invoice's balance by card, on Stripe's page. */
export function PayNowButton({
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
