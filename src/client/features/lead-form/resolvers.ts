import { zodResolver } from "@hookform/resolvers/zod";
import { applySchema, type Apply, type ApplyInput } from "@shared/schemas/apply";
import { contactSchema, type Contact, type ContactInput } from "@shared/schemas/contact";

/** The lead forms' validation (zod and the server's own schemas), fetched on demand: see useLeadForm. */
export const contactResolver = zodResolver<ContactInput, unknown, Contact>(contactSchema);
export const applyResolver = zodResolver<ApplyInput, unknown, Apply>(applySchema);
