import { z } from "./zod";

/**
 * Control characters other than tab, line feed and carriage return. PostgreSQL cannot store NUL
 * in text at all, and no one types the others into a form: refusing them all gives one rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The base of every text field: a string without control characters, with messages that name
 * the field. `typeMessage` is what a value that is not text gets.
 */
export function plainText(label: string, typeMessage = `${label} must be text`) {
  return z
    .string({ error: typeMessage })
    .refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      `${label} must not contain control characters`,
    );
}

/**
 * A required text field: trimmed, with one message for missing, too short and wrong type,
 * so a form and an API client see the same words.
 */
export function requiredText(
  label: string,
  min: number,
  max: number,
  message: string,
  maxMessage: string,
) {
  return plainText(label, message).trim().min(min, message).max(max, maxMessage);
}

/** An optional text field: trimmed, and an empty string counts as not given. */
export function optionalText(label: string, max: number, maxMessage: string) {
  return plainText(label)
    .trim()
    .max(max, maxMessage)
    .optional()
    .transform((value) => value || undefined);
}

export const emailField = plainText("Email", "Invalid email address")
  .trim()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ error: "Invalid email address" }));

/** A search box's text (filters of the back office's lists). */
export const searchText = plainText("Search")
  .trim()
  .max(200, "Search must be at most 200 characters")
  .optional();

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

/** The largest value of PostgreSQL's integer type, which holds our counts and amounts. */
export const INTEGER_MAX = 2_147_483_647;

/**
 * 2,147,483,647 but 2100: years and other short numbers read better without a comma. One
 * formatter for all: making one costs about a millisecond, and every schema's messages use it.
 */
const numberFormat = new Intl.NumberFormat("en-US", {
  useGrouping: "min2",
  maximumFractionDigits: 2,
});
const formatted = (value: number) => numberFormat.format(value);

/**
 * A whole number from `min` to `max` (no more than its column holds), given as a number or as a
 * form's text. One message, naming the field and the rule, for every way to miss it.
 */
export function wholeNumber(label: string, min: number, max: number) {
  const rule = `${label} must be a whole number from ${formatted(min)} to ${formatted(max)}`;
  return z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);
}

/** A number from `min` to `max`, decimals allowed; as wholeNumber otherwise. */
export function decimalNumber(label: string, min: number, max: number) {
  const rule = `${label} must be a number from ${formatted(min)} to ${formatted(max)}`;
  return z.coerce.number({ error: rule }).min(min, rule).max(max, rule);
}

/** The dates the business deals in: a year-0 date is a typo, and PostgreSQL refuses it. */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2100-12-31";

/** A calendar date (YYYY-MM-DD) within the business's years. */
export function requiredDate() {
  return z.iso
    .date({ error: "Use a date such as 2027-01-31" })
    .refine(
      (value) => value >= EARLIEST_DATE && value <= LATEST_DATE,
      `Use a date between ${EARLIEST_DATE} and ${LATEST_DATE}`,
    );
}

/** An optional calendar date (YYYY-MM-DD) within the business's years; null means none. */
export function optionalDate() {
  return requiredDate().nullable().default(null);
}

/**
 * The SHA-256 of the content a client was shown with a proposal version or a milestone: an answer
 * to content that has since changed is refused as stale.
 */
export const contentHashField = z
  .string({ error: "Reload the page: this answer names no content hash" })
  .regex(/^[0-9a-f]{64}$/, "Not a content hash");
