import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Availability,
  AvailabilityView,
  BookingReceipt,
  BookingRequest,
  CalendarFeedInput,
  CalendarFeedView,
  IssuedBookingFeed,
  Slots,
  StaffCalls,
} from "@shared/schemas/bookings";
import { getJson, sendJson } from "@/lib/api";

export const bookingKeys = {
  availability: ["/api/admin/bookings/availability"] as const,
  calendar: ["/api/admin/bookings/calendar"] as const,
  slots: (timeZone: string) => ["/api/bookings/slots", timeZone] as const,
  /** Every staff list of calls starts with this key. */
  staffCalls: ["/api/admin/bookings"] as const,
  moveSlots: (id: string) => ["/api/admin/bookings", id, "slots"] as const,
};

/** The signed-in staff member's weekly hours (`enabled`: once they may use the back office). */
export const useAvailability = (enabled = true) =>
  useQuery<AvailabilityView>({
    queryKey: bookingKeys.availability,
    enabled,
    queryFn: ({ signal }) => getJson<AvailabilityView>(bookingKeys.availability[0], signal),
  });

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) =>
      sendJson<AvailabilityView>("PUT", bookingKeys.availability[0], input),
    onSuccess: (saved) => queryClient.setQueryData(bookingKeys.availability, saved),
  });
}

/** The signed-in staff member's calendar address (busy times) and private feed of calls. */
export const useCalendarFeed = () =>
  useQuery<CalendarFeedView>({
    queryKey: bookingKeys.calendar,
    queryFn: ({ signal }) => getJson<CalendarFeedView>(bookingKeys.calendar[0], signal),
  });

export function useSaveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarFeedInput | null) =>
      input
        ? sendJson<CalendarFeedView>("PUT", bookingKeys.calendar[0], input)
        : sendJson<CalendarFeedView>("DELETE", bookingKeys.calendar[0]),
    onSuccess: (saved) => queryClient.setQueryData(bookingKeys.calendar, saved),
  });
}

export function useIssueBookingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<IssuedBookingFeed>("POST", `${bookingKeys.calendar[0]}/feed`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.calendar }),
  });
}

/** The open slots (the visitor's zone only checks the zone is known). */
export const useSlots = (timeZone: string) =>
  useQuery<Slots>({
    queryKey: bookingKeys.slots(timeZone),
    queryFn: ({ signal }) =>
      getJson<Slots>(`/api/bookings/slots?timeZone=${encodeURIComponent(timeZone)}`, signal),
    staleTime: 30_000,
  });

export const bookCall = (input: BookingRequest) =>
  sendJson<BookingReceipt>("POST", "/api/bookings", input);

export const rescheduleCall = (input: { token: string; startsAt: string; timeZone: string }) =>
  sendJson<BookingReceipt>("POST", "/api/bookings/reschedule", input);

export const cancelCall = (input: { token: string }) =>
  sendJson<BookingReceipt>("POST", "/api/bookings/cancel", input);

export const readBookingLink = (token: string, purpose: "reschedule" | "cancel") =>
  getJson<BookingReceipt>(
    `/api/bookings/link?token=${encodeURIComponent(token)}&purpose=${purpose}`,
  );

/** The back office's calls: a lead's (every one), or else every call still to come. */
export const useStaffCalls = (leadId?: string) =>
  useQuery<StaffCalls>({
    queryKey: [...bookingKeys.staffCalls, leadId ?? "upcoming"],
    queryFn: ({ signal }) =>
      getJson<StaffCalls>(
        `/api/admin/bookings${leadId ? `?leadId=${encodeURIComponent(leadId)}` : ""}`,
        signal,
      ),
  });

/** The slots a call may move to (its own time among them). */
export const useMoveSlots = (id: string, enabled: boolean) =>
  useQuery<Slots>({
    queryKey: bookingKeys.moveSlots(id),
    queryFn: ({ signal }) => getJson<Slots>(`/api/admin/bookings/${id}/slots`, signal),
    enabled,
    staleTime: 0,
  });

/** Staff move or cancel a call: every list of calls refreshes. */
export function useChangeCall(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.staffCalls });
  return {
    move: useMutation({
      mutationFn: (startsAt: string) =>
        sendJson<BookingReceipt>("POST", `/api/admin/bookings/${id}/move`, { startsAt }),
      onSettled: refresh,
    }),
    cancel: useMutation({
      mutationFn: () => sendJson<BookingReceipt>("POST", `/api/admin/bookings/${id}/cancel`),
      onSettled: refresh,
    }),
  };
}
