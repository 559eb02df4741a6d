import { Suspense, useEffect, useRef } from "react";
import { Plus } from "lucide-react";
import type { Ticket } from "@shared/schemas/tickets";
import { SectionHeader } from "@/components/view-header";
import { LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { preloadable, PrefetchWhenSettled } from "@/lib/preloadable";
import type { TicketDraft } from "./new-ticket-form";
import { TicketList } from "./ticket-list";

// The form and the thread (its reply form: react-hook-form, zod, a select) are chunks of their
// own: the list comes first, and they follow once it has settled.
const NewTicketForm = preloadable(() => import("./new-ticket-form").then((m) => m.NewTicketForm));
const TicketThread = preloadable(() => import("./ticket-thread").then((m) => m.TicketThread));

/** Fetches the form's and the thread's code (the dashboard does, once it has settled). */
export function preloadTicketForms() {
  NewTicketForm.preload();
  TicketThread.preload();
}

type SupportView = "list" | "new" | "thread";

/**
 * Support: the ticket list, the New Ticket form (?new=1) or one ticket's thread (?ticket=id).
 * Coming back to the list moves focus to its heading.
 */
export function SupportTab({
  newTicket,
  ticketId,
  draft,
  draftKey,
  onNew,
  onView,
  onList,
}: {
  newTicket: boolean;
  ticketId: string | null;
  draft: TicketDraft | null;
  /** Changes with every request to open the form, so each one starts fresh. */
  draftKey: number;
  onNew: () => void;
  onView: (id: string) => void;
  onList: (options?: { replace?: boolean }) => void;
}) {
  const view: SupportView = newTicket ? "new" : ticketId ? "thread" : "list";
  const previous = useRef<SupportView>(view);

  useEffect(() => {
    if (previous.current !== view && view === "list") {
      document.getElementById("support-heading")?.focus();
    }
    previous.current = view;
  }, [view]);

  return (
    <section aria-labelledby="support-heading">
      <SectionHeader
        titleId="support-heading"
        title="Support Tickets"
        description="Ask for changes, report a problem, and follow every reply from our team."
        actions={
          view !== "new" && (
            <Button onClick={onNew}>
              <Plus aria-hidden="true" />
              New Ticket
            </Button>
          )
        }
      />
      <Suspense
        fallback={
          <LoadingCards
            label={view === "new" ? "Loading the form..." : "Loading the ticket..."}
            count={1}
            columns={1}
          />
        }
      >
        {view === "new" ? (
          <NewTicketForm
            key={draftKey}
            draft={draft}
            onCancel={() => onList()}
            // The form's entry is replaced, so Back does not reopen a form already sent.
            onCreated={(_ticket: Ticket) => onList({ replace: true })}
          />
        ) : view === "thread" && ticketId ? (
          <TicketThread key={ticketId} ticketId={ticketId} onBack={() => onList()} />
        ) : (
          <TicketList onView={onView} onNew={onNew} />
        )}
        <PrefetchWhenSettled prefetch={preloadTicketForms} />
      </Suspense>
    </section>
  );
}
