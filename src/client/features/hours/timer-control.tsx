import { useEffect, useId, useState } from "react";
import { Play, Square, Trash2 } from "lucide-react";
import { formatWorkTime } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useDiscardTimer, useStartTimer, useStopTimer, useTimer } from "./api";

/** Minutes since an instant, counted as the timer will: the minute begun counts. */
const elapsedMinutes = (startedAt: string, now: number) =>
  Math.max(0, Math.floor((now - new Date(startedAt).getTime()) / 60_000));

/** Re-renders every 15 seconds while `on`. */
function useNow(on: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 15_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [on]);
  return now;
}

/**
 * The staff member's timer, started for this client (and ticket, when on one). It runs on the
 * server, so it survives a reload; one runs at a time. Stopping it logs the time as an entry.
 */
export function TimerControl({
  clientId,
  clientName,
  ticketId,
}: {
  clientId: string;
  clientName?: string;
  ticketId?: string;
}) {
  const noteId = useId();
  const { data } = useTimer();
  const start = useStartTimer(clientId);
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  const [note, setNote] = useState("");
  const timer = data?.timer ?? null;
  const now = useNow(timer !== null);

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error) });

  if (timer) {
    const here = timer.companyId === clientId && (!ticketId || timer.ticketId === ticketId);
    return (
      <div
        role="group"
        aria-label="Timer"
        className="flex flex-col gap-3 rounded-xl border border-gold-300 bg-gold-50 p-4"
      >
        <p className="text-sm text-foreground" aria-live="polite">
          <span className="font-semibold">Timer running</span>
          {here ? "" : ` for ${timer.companyName}`}:{" "}
          <span className="font-semibold tabular-nums">
            {formatWorkTime(elapsedMinutes(timer.startedAt, now))}
          </span>
          {timer.note && <span className="block text-muted-foreground">{timer.note}</span>}
        </p>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={noteId}>Note for the entry</Label>
          <Input
            id={noteId}
            value={note}
            placeholder={timer.note || "What was done"}
            onChange={(event) => setNote(event.target.value)}
            maxLength={2000}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            aria-disabled={stop.isPending || undefined}
            onClick={() =>
              !stop.isPending &&
              stop.mutate(note.trim() ? { note: note.trim() } : {}, {
                onSuccess: (entry) => {
                  setNote("");
                  toast({ title: `Timer stopped: ${formatWorkTime(entry.minutes)} logged` });
                },
                onError: failed("Timer not stopped"),
              })
            }
          >
            <Square aria-hidden="true" />
            Stop timer
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-disabled={discard.isPending || undefined}
            onClick={() =>
              !discard.isPending &&
              discard.mutate(undefined, {
                onSuccess: () => toast({ title: "Timer discarded: nothing logged" }),
                onError: failed("Timer not discarded"),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div role="group" aria-label="Timer" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={noteId}>What are you working on? (optional)</Label>
        <Input
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={2000}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        aria-disabled={start.isPending || undefined}
        onClick={() =>
          !start.isPending &&
          start.mutate(
            {
              websiteId: null,
              projectId: null,
              ticketId: ticketId ?? null,
              note: note.trim() || undefined,
            },
            {
              onSuccess: () => {
                setNote("");
                toast({ title: clientName ? `Timer started for ${clientName}` : "Timer started" });
              },
              onError: failed("Timer not started"),
            },
          )
        }
      >
        <Play aria-hidden="true" />
        Start timer
      </Button>
    </div>
  );
}
