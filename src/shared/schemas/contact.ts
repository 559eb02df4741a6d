import { z } from "./zod";
import { emailField, requiredText } from "./fields";

/** The contact form ("Send Us a Message") and the body of POST /api/contact. */
export const contactSchema = z.object({
  name: requiredText(
    "Name",
    2,
    100,
    "Name must be at least 2 characters",
    "Name must be at most 100 characters",
  ),
  email: emailField,
  subject: requiredText(
    "Subject",
    5,
    200,
    "Subject must be at least 5 characters",
    "Subject must be at most 200 characters",
  ),
  message: requiredText(
    "Message",
    10,
    5000,
    "Message must be at least 10 characters",
    "Message must be at most 5,000 characters",
  ),
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
