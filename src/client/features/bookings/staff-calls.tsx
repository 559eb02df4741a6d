import { useState } from "react";
import { Link } from "wouter";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, XCircle } from "lucide-react";
import { backOfficePaths } from "@shared/deep-links";
import { formatDateTime } from "@shared/format";
import type { Slots, StaffCall } from "@shared/schemas/bookings";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Modal } from "@/components/modal";
import { Panel } from "@/components/panel";
import { CallStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { LoadError, LoadingState } from "@/components/view-states";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { bookingKeys, useChangeCall, useMoveSlots, useStaffCalls } from "./api";
import { SlotPicker } from "./slot-picker";

/** What a refused change says: the slot's own problem when there is one. */
function refusal(error: unknown): string {
  if (error instanceof ApiError) {
    const said = error.json?.errors?.startsAt;
    if (said) return said;
  }
  return errorMessage(error);
}

/** Moves a call to one of the open slots, shown in the agency's zone; the visitor is emailed. */
function MoveCall({ call, agencyZone }: { call: StaffCall; agencyZone: string }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string>();
  const [problem, setProblem] = useState("");
  const slots = useMoveSlots(call.id, open);
  const { move } = useChangeCall(call.id);
  const queryClient = useQueryClient();
  const choices = slots.data?.slots.filter((slot) => slot !== call.startsAt) ?? [];

  const submit = () => {
    if (!chosen) return setProblem("Choose the new time first");
    setProblem("");
    move.mutate(chosen, {
      onSuccess: (moved) => {
        setOpen(false);
        toast({
          title: "Call moved",
          description: `${call.name} now has it on ${formatDateTime(moved.startsAt, agencyZone)}, and was emailed.`,
        });
      },
      onError: (error) => {
        // A slot just taken: the answer holds the slots still open.
        if (error instanceof ApiError && error.status === 409 && slots.data) {
          const fresh = (error.json as { slots?: string[] } | undefined)?.slots;
          if (fresh) {
            queryClient.setQueryData<Slots>(bookingKeys.moveSlots(call.id), {
              ...slots.data,
              slots: fresh,
            });
          }
        }
        setChosen(undefined);
        setProblem(refusal(error));
      },
    });
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setChosen(undefined);
          setProblem("");
          setOpen(true);
        }}
      >
        <CalendarClock aria-hidden="true" />
        Move<span className="sr-only"> the call with {call.name}</span>
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="wide"
        title={`Move the call with ${call.name}`}
        description={`Now on ${formatDateTime(call.startsAt, agencyZone)}. Times are in ${agencyZone.replaceAll("_", " ")} time; ${call.name} is emailed the new time and invitation.`}
      >
        <div className="mt-4 flex flex-col gap-4">
          {slots.isPending ? (
            <LoadingState label="Loading the open times..." />
          ) : slots.error ? (
            <LoadError what="the open times" onRetry={() => void slots.refetch()} />
          ) : (
            <SlotPicker slots={choices} timeZone={agencyZone} value={chosen} onChange={setChosen} />
          )}
          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep the time
            </Button>
            <Button onClick={submit} disabled={move.isPending}>
              {move.isPending ? "Moving..." : "Move the call"}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}

function CancelCall({ call, agencyZone }: { call: StaffCall; agencyZone: string }) {
  const { cancel } = useChangeCall(call.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          <XCircle aria-hidden="true" />
          Cancel<span className="sr-only"> the call with {call.name}</span>
        </Button>
      }
      title={`Cancel the call with ${call.name}?`}
      description={`The call on ${formatDateTime(call.startsAt, agencyZone)} is cancelled, and ${call.name} is emailed a cancellation for their calendar.`}
      confirmLabel="Cancel the call"
      pending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: () =>
            toast({ title: "Call cancelled", description: `${call.name} was emailed.` }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "The call was not cancelled",
              description: errorMessage(error),
            }),
        })
      }
    />
  );
}

function CallItem({
  call,
  agencyZone,
  withLead,
}: {
  call: StaffCall;
  agencyZone: string;
  withLead: boolean;
}) {
  const changeable = call.status === "confirmed" && new Date(call.startsAt) > new Date();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-sand/50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={call.startsAt} className="text-sm font-semibold text-foreground">
          {formatDateTime(call.startsAt, agencyZone)}
        </time>
        <CallStatusBadge status={call.status} />
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {withLead &&
          (call.leadId && call.leadKind ? (
            <Link
              href={backOfficePaths.lead(call.leadKind, call.leadId)}
              className="font-semibold text-foreground underline underline-offset-4"
            >
              {call.name}
            </Link>
          ) : (
            <span className="font-semibold text-foreground">{call.name}</span>
          ))}
        {withLead && " · "}
        With {call.staffName} · their time: {formatDateTime(call.startsAt, call.timeZone)}
      </p>
      {changeable && (
        <div className="flex flex-wrap gap-2">
          <MoveCall call={call} agencyZone={agencyZone} />
          <CancelCall call={call} agencyZone={agencyZone} />
        </div>
      )}
    </li>
  );
}

function CallList({ leadId, empty }: { leadId?: string; empty: string }) {
  const calls = useStaffCalls(leadId);
  if (calls.isPending) return <LoadingState label="Loading the calls..." />;
  if (calls.error) return <LoadError what="the calls" onRetry={() => void calls.refetch()} />;
  if (calls.data.calls.length === 0) {
    return <p className="text-sm text-muted-foreground">{empty}</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {calls.data.calls.map((call) => (
        <CallItem
          key={call.id}
          call={call}
          agencyZone={calls.data.agencyTimeZone}
          withLead={!leadId}
        />
      ))}
    </ul>
  );
}

/** A lead's page: the Discovery Calls they booked, newest first, with their status. */
export function LeadCallsPanel({ lead }: { lead: { id: string } }) {
  return (
    <Panel
      title="Discovery Calls"
      description="Booked on the site; times in the agency's zone."
      headingId="lead-calls"
    >
      <CallList leadId={lead.id} empty="No calls booked." />
    </Panel>
  );
}

/** The leads screen: every Discovery Call still to come, soonest first. */
export function UpcomingCallsPanel() {
  return (
    <Panel
      title="Upcoming calls"
      description="Discovery Calls booked on the site, soonest first, in the agency's zone."
      headingId="upcoming-calls"
    >
      <CallList empty="No calls to come." />
    </Panel>
  );
}
