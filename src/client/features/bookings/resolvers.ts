import { zodResolver } from "@hookform/resolvers/zod";
import { bookingRequestSchema, type BookingRequest } from "@shared/schemas/bookings";

type BookingFields = Omit<BookingRequest, "website" | "formStartedAt">;

/** The booking form's validation (zod and the server's own schema), fetched on demand. */
export const bookingResolver = zodResolver<BookingFields, unknown, BookingFields>(
  bookingRequestSchema.omit({ website: true, formStartedAt: true }),
);
