import { useRef, type ReactNode } from "react";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A dialog over the page with a title, a line under it and its own content (a form, say); it
 * scrolls inside itself on a small screen. Escape, the close button and a click outside close it,
 * and focus goes back to where it was when it opened (the button that opened it).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = "default",
  className,
  children,
}: {
  /** "wide" for a document (an invoice) or a form with columns. */
  size?: "default" | "wide";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs are opened by state instead.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn(
            size === "wide" ? "max-w-3xl" : "max-w-lg",
            "animate-pop-in fixed top-1/2 left-1/2 z-[71] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 shadow-2xl",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            returnTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-sans text-lg font-semibold break-words text-foreground">
              {title}
            </Dialog.Title>
            <Dialog.Close
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-foreground/8 hover:text-foreground"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
