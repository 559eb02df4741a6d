import { Download, Loader2 } from "lucide-react";
import { Modal } from "@/components/modal";
import { LoadError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { invoicePdfUrl, useInvoice } from "./api";
import { invoiceName } from "./billing-view";
import { InvoiceBody, invoiceKind } from "./invoice-parts";
import { PayNowButton } from "./pay-now-button";

/** One invoice over the tab: its lines, totals, payments, PDF and Pay now. */
export function InvoiceDialog({ id, onClose }: { id: string; onClose: () => void }) {
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
