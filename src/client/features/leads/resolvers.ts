import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Application,
  type ApplicationInput,
  applicationSchema,
  type Contact,
  type ContactInput,
  contactSchema,
} from "@shared/schemas/leads";

/** The lead forms' validation (zod and the server's own schemas), fetched on demand: see useLeadForm. */
export const contactResolver = zodResolver<ContactInput, unknown, Contact>(contactSchema);
export const applicationResolver = zodResolver<ApplicationInput, unknown, Application>(
  applicationSchema,
);
