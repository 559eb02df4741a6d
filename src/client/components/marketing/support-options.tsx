import { Link } from "wouter";
import { Dialog } from "radix-ui";
import { ArrowRight, ChevronRight, Phone, X } from "lucide-react";
import { contact } from "@content/site";
import { chatDialog, supportCards, type SupportCardCopy } from "@content/contact-page";
import { clientLinks } from "@shared/deep-links";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { contactIcons } from "./contact-icons";

/**
 * Start Chat. There is no chat service, so it opens a dialog with the quickest real ways to
 * reach the team right now: a text message (sms:), a call (tel:) and an email (mailto:).
 */
function ChatDialog({ triggerLabel }: { triggerLabel: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="w-full sm:w-auto">
          {triggerLabel}
          <ArrowRight aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-pop-in fixed inset-0 z-50 bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content className="theme-dark animate-pop-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-gold-500/30 p-6 shadow-2xl sm:p-8">
          <Dialog.Title className="pr-10 text-2xl font-semibold tracking-tight text-ink-50">
            {chatDialog.title}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-ink-300">
            {chatDialog.description}
          </Dialog.Description>
          <ul className="mt-6 flex flex-col gap-3">
            {chatDialog.options.map((option) => {
              const Icon = contactIcons[option.icon];
              return (
                <li key={option.title}>
                  <a
                    href={option.href}
                    className="group flex min-h-16 items-center gap-4 rounded-2xl border border-white/10 bg-ink-900 px-4 py-3 transition-colors hover:border-gold-500/60 hover:bg-ink-850"
                  >
                    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-500 text-ink-950">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-ink-50">{option.title}</span>
                      <span className="block text-sm break-words text-ink-400">{option.text}</span>
                    </span>
                    <ChevronRight
                      className="size-5 shrink-0 text-gold-500 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label={chatDialog.close}
              className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-ink-300 transition-colors hover:bg-white/10 hover:text-ink-50"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SupportAction({ card }: { card: SupportCardCopy }) {
  switch (card.kind) {
    case "chat":
      return <ChatDialog triggerLabel={card.action} />;
    case "ticket":
      return (
        <Button asChild variant="secondary" className="w-full sm:w-auto">
          {/* The portal opens its ticket form (signed-out visitors sign in first). */}
          <Link href={clientLinks.newTicket()}>
            {card.action}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      );
    case "call":
      return (
        <Button asChild className="w-full sm:w-auto">
          <a href={contact.phoneHref}>
            <Phone aria-hidden="true" />
            {card.action}
          </a>
        </Button>
      );
  }
}

/** The three support cards: Live Chat, Submit Ticket, Call Us. */
export function SupportCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {supportCards.map((card) => {
        const Icon = contactIcons[card.icon];
        return (
          <li key={card.title}>
            <Card className="flex h-full flex-col p-6 sm:p-8">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-ink-950 text-gold-500">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-semibold tracking-tight text-foreground">
                {card.title}
              </h3>
              <p className="mt-2 mb-6 text-sm leading-relaxed text-muted-foreground">{card.text}</p>
              <div className="mt-auto">
                <SupportAction card={card} />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
