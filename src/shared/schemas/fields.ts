import { z } from "./zod";

/**
 * A required text field: trimmed, with one message for missing, too short and wrong type,
 * so a form and an API client see the same words.
 */
export function requiredText(min: number, max: number, message: string, maxMessage: string) {
  return z.string({ error: message }).trim().min(min, message).max(max, maxMessage);
}

/** An optional text field: trimmed, and an empty string counts as not given. */
export function optionalText(max: number, maxMessage: string) {
  return z
    .string({ error: "Must be text" })
    .trim()
    .max(max, maxMessage)
    .optional()
    .transform((value) => value || undefined);
}

export const emailField = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ error: "Invalid email address" }));

/** An optional choice from a fixed list; an empty string (the select's placeholder) means none. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) {
  return z
    .union([z.enum(values), z.literal("")], { error: message })
    .optional()
    .transform((value) => (value ? value : undefined));
}
