import { formatWorkTime } from "@shared/format";
import { Panel } from "@/components/panel";
import { useStaffTicketTime } from "./api";
import { EntryList } from "./entry-list";
import { TimeEntryForm } from "./time-entry-form";
import { TimerControl } from "./timer-control";

/** On a ticket in the back office: the time spent on it, the timer and the "log time" form. */
export function TicketTimePanel({ ticketId, clientId }: { ticketId: string; clientId: string }) {
  const { data } = useStaffTicketTime(ticketId);
  return (
    <Panel
      title="Time"
      description={
        data ? `${formatWorkTime(data.minutes)} spent on this ticket. The client sees it.` : ""
      }
      headingId="ticket-time"
    >
      <div className="flex flex-col gap-5">
        <TimerControl clientId={clientId} ticketId={ticketId} />
        <details className="rounded-xl border border-border p-4">
          <summary className="cursor-pointer text-sm font-semibold text-foreground">
            Log time by hand
          </summary>
          <div className="mt-4">
            <TimeEntryForm clientId={clientId} ticketId={ticketId} />
          </div>
        </details>
        {data && (
          <EntryList
            entries={data.entries}
            clientId={clientId}
            onTicket
            empty="No time logged on this ticket yet."
          />
        )}
      </div>
    </Panel>
  );
}
