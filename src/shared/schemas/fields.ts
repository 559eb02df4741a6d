import { z } from "./zod";

/**
 * Control characters other than tab, line feed and carriage return. PostgreSQL cannot store NUL
 * in text at all, and no one types the others into a form: refusing them all gives one rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Half of a UTF-16 pair without its other half. JSON can carry one ("\udfff"); a text column
 * stores it as U+FFFD but a JSON column (the audit log's) refuses it, so the same request would
 * be saved in one table and fail in the other.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const LINE_BREAK = /[\r\n]/;
/**
 * Characters that show nothing: spaces, format characters (zero-width ones, direction marks and
 * overrides, the byte order mark) and the fillers and blanks that render empty.
 */
const INVISIBLE_ONLY = /^(?:[\p{Z}\p{Cf}\s\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5)*$/u;

/**
 * The base of every text field: a string without control characters or lone surrogates, with
 * messages that name the field. `typeMessage` is what a value that is not text gets.
 */
export function plainText(label: string, typeMessage = `${label} must be text`) {
  return z
    .string({ error: typeMessage })
    .refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      `${label} must not contain control characters`,
    )
    .refine(
      (value) => !LONE_SURROGATE.test(value),
      `${label} must not contain broken characters (a lone UTF-16 surrogate): retype it`,
    );
}

/**
 * What a field holds: one line (a name, a subject, a title: no line breaks) or paragraphs
 * (a message, a note).
 */
export type TextShape = "line" | "paragraphs";

/** The base of a one-line field (a name, a subject, an address): no line breaks. */
export function oneLine(label: string, typeMessage?: string) {
  return (
    plainText(label, typeMessage)
      .refine(
        (value) => !LINE_BREAK.test(value),
        `${label} must be on one line: remove the line breaks`,
      )
      // Named in the field's JSON Schema, so a test that walks every route finds these fields.
      .meta({ textShape: "line" })
  );
}

/** True for text with something to see (or none at all: emptiness is the length rules' call). */
export const visible = (value: string) => value === "" || !INVISIBLE_ONLY.test(value);
export const visibleMessage = (label: string) =>
  `${label} must contain visible characters, not only spaces or invisible ones`;

/**
 * A required text field: trimmed, with one message for missing, too short and wrong type,
 * so a form and an API client see the same words. Text of invisible characters only is refused.
 */
export function requiredText(
  label: string,
  min: number,
  max: number,
  message: string,
  maxMessage: string,
  shape: TextShape = "line",
) {
  const base = shape === "line" ? oneLine(label, message) : plainText(label, message);
  return base.trim().min(min, message).max(max, maxMessage).refine(visible, visibleMessage(label));
}

/**
 * An optional text field: trimmed, and an empty string counts as not given. A one-line field
 * of invisible characters only is refused.
 */
export function optionalText(
  label: string,
  max: number,
  maxMessage: string,
  shape: TextShape = "line",
) {
  const base =
    shape === "line"
      ? oneLine(label).trim().max(max, maxMessage).refine(visible, visibleMessage(label))
      : plainText(label).trim().max(max, maxMessage);
  return base.optional().transform((value) => value || undefined);
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
