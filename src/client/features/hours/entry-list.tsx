import { useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import type { ClientHours, TimeEntry } from "@shared/schemas/hours";
import { formatCalendarDate, formatWorkTime } from "@shared/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useDeleteEntry } from "./api";
import { TimeEntryForm } from "./time-entry-form";

/** What an entry is against: "Ticket: Contact form is broken · rivera.example". */
function against(entry: TimeEntry, onTicket: boolean): string {
  return [
    !onTicket && entry.ticketSubject && `Ticket: ${entry.ticketSubject}`,
    entry.projectName && `Project: ${entry.projectName}`,
    entry.websiteDomain,
  ]
    .filter(Boolean)
    .join(" · ");
}

function EntryItem({
  entry,
  clientId,
  choices,
  onTicket,
}: {
  entry: TimeEntry;
  clientId: string;
  choices?: ClientHours["choices"];
  onTicket: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteEntry();
  if (editing) {
    return (
      <li className="py-3">
        <TimeEntryForm
          clientId={clientId}
          choices={choices}
          entry={entry}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  const target = against(entry, onTicket);
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="min-w-0">
        <p className="text-sm text-foreground">
          <span className="font-semibold tabular-nums">{formatWorkTime(entry.minutes)}</span>
          <span className="text-muted-foreground">
            {" "}
            · {formatCalendarDate(entry.workDate)}
            {entry.staffName && ` · ${entry.staffName}`}
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words whitespace-pre-line text-foreground">
          {entry.note}
        </p>
        {target && <p className="mt-0.5 text-xs break-words text-muted-foreground">{target}</p>}
      </div>
      {entry.editable && (
        <div className="-ml-3 flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Change the entry of ${formatCalendarDate(entry.workDate)}, ${formatWorkTime(entry.minutes)}`}
          >
            <Pencil aria-hidden="true" />
            Change
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete the entry of ${formatCalendarDate(entry.workDate)}, ${formatWorkTime(entry.minutes)}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
            title="Delete this time entry?"
            description={`${formatWorkTime(entry.minutes)} on ${formatCalendarDate(entry.workDate)} will no longer count. The audit log keeps a record.`}
            confirmLabel="Delete entry"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(entry.id, {
                onSuccess: () => toast({ title: "Entry deleted" }),
                onError: (error) =>
                  toast({ title: "Not deleted", description: errorMessage(error) }),
              })
            }
          />
        </div>
      )}
    </li>
  );
}

/** Time entries, newest day first; staff change or delete their own for 7 days. */
export function EntryList({
  entries,
  clientId,
  choices,
  empty,
  onTicket = false,
}: {
  entries: TimeEntry[];
  clientId: string;
  choices?: ClientHours["choices"];
  empty: string;
  /** Listed on their ticket: the ticket is not named again. */
  onTicket?: boolean;
}) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Time entries">
      {entries.map((entry) => (
        <EntryItem
          key={entry.id}
          entry={entry}
          clientId={clientId}
          choices={choices}
          onTicket={onTicket}
        />
      ))}
    </ul>
  );
}
