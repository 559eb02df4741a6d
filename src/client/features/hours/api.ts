import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClientHours,
  PlanHours,
  PlanHoursInput,
  PortalHours,
  TimeEntry,
  TimeEntryInput,
  Timer,
  TimerStart,
} from "@shared/schemas/hours";
import { getJson, sendJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";

/*
 * Hours: staff read and write a client's time and their own timer; a client's members read this
 * month's hours. Every write refreshes the hours and the timer on screen.
 */

const hoursKey = [...staffKey, "hours"] as const;
const timerKey = [...staffKey, "timer"] as const;

/** A client's month: "2026-11", or this month (the agency's) when none is given. */
export const useClientHours = (clientId: string, month?: string) =>
  useQuery({
    ...live,
    queryKey: [...hoursKey, clientId, month ?? "now"],
    queryFn: ({ signal }) =>
      getJson<ClientHours>(
        `/api/admin/clients/${clientId}/hours${month ? `?month=${month}` : ""}`,
        signal,
      ),
  });

/** The time logged on a ticket, with its entries. */
export const useStaffTicketTime = (ticketId: string) =>
  useQuery({
    ...live,
    queryKey: [...hoursKey, "ticket", ticketId],
    queryFn: ({ signal }) =>
      getJson<{ minutes: number; entries: TimeEntry[] }>(
        `/api/admin/tickets/${ticketId}/time`,
        signal,
      ),
  });

/** The signed-in staff member's running timer (kept on the server: it survives a reload). */
export const useTimer = () =>
  useQuery({
    ...live,
    queryKey: timerKey,
    queryFn: ({ signal }) => getJson<Timer>("/api/admin/timer", signal),
  });

function useHoursWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hoursKey }),
        queryClient.invalidateQueries({ queryKey: timerKey }),
      ]);
    },
  });
}

export const useLogTime = (clientId: string) =>
  useHoursWrite((input: TimeEntryInput) =>
    sendJson<TimeEntry>("POST", `/api/admin/clients/${clientId}/time-entries`, input),
  );

export const useChangeEntry = (entryId: string) =>
  useHoursWrite((input: TimeEntryInput) =>
    sendJson<TimeEntry>("PATCH", `/api/admin/time-entries/${entryId}`, input),
  );

export const useDeleteEntry = () =>
  useHoursWrite((entryId: string) =>
    sendJson<null>("DELETE", `/api/admin/time-entries/${entryId}`),
  );

export const useStartTimer = (clientId: string) =>
  useHoursWrite((input: TimerStart) =>
    sendJson<Timer>("POST", `/api/admin/clients/${clientId}/timer`, input),
  );

export const useStopTimer = () =>
  useHoursWrite((input: { note?: string }) =>
    sendJson<TimeEntry>("POST", "/api/admin/timer/stop", input),
  );

export const useDiscardTimer = () =>
  useHoursWrite(() => sendJson<null>("DELETE", "/api/admin/timer"));

export const useSetPlanHours = (planId: string) =>
  useHoursWrite((input: PlanHoursInput) =>
    sendJson<PlanHours>("PUT", `/api/admin/plans/${planId}/hours`, input),
  );

/** The dashboard's hours: used against included this month (GET /api/hours). */
export const usePortalHours = () => useQuery<PortalHours>({ queryKey: ["/api/hours"] });
