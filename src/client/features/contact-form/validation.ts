import { zodResolver } from "@hookform/resolvers/zod";
import { contactSchema, type Contact, type ContactInput } from "@shared/schemas/contact";

/** Loaded on demand by the contact form (see lazyResolver). */
export const contactResolver = zodResolver<ContactInput, unknown, Contact>(contactSchema);
