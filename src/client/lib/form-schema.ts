import { z } from "@shared/schemas/zod";
import { formatMoney } from "@shared/format";
import { dollarsToCents, parseQuantity } from "@/components/money";
import { formPath } from "./server-errors";

/*
 * The back office's forms hold what the fields hold (text, a checkbox). Each form schema turns
 * that into the API's payload and then runs the shared schema, so the rules and messages are the
 * ones the server applies. These are the pieces those form schemas share.
 */

/** Runs a shared schema on the form's converted values, keeping its messages and field paths. */
export function checkedBy<T extends z.ZodType>(schema: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}

/** A text field that holds a whole number, or nothing. */
export const wholeNumberText = z
  .string()
  .trim()
  .regex(/^\d*$/, "Enter a whole number, such as 1200");

/** A text field that holds a number, decimals allowed, or nothing. */
export const decimalText = z
  .string()
  .trim()
  .regex(/^\d*(\.\d+)?$/, "Enter a number, such as 99.95");

/** An empty (or blank) text field means "not given". */
export const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());

/** A date field; empty means "no date". */
export const dateField = <T extends z.ZodType>(rule: T) =>
  z
    .string()
    .transform((value) => value || null)
    .transform(checkedBy(rule));

/** Says why a field's text cannot be read: the field's path ("amount", "lines.0.price"), and why. */
export type Refuse = (path: string, message: string) => void;

/**
 * A form whose fields hold text that becomes the API's payload: `read` turns the values into the
 * payload, refusing what it cannot read (an amount, a count) on its field; then the shared
 * `schema` checks the payload, its messages on the form's fields (`rename`: see formPath). Every
 * message shows at once, a field's own refusal before the schema's. The payload is sent as read:
 * the server parses it with the same schema.
 */
export function payloadSchema<TValues, TPayload extends z.ZodType, TRead extends z.input<TPayload>>(
  schema: TPayload,
  read: (values: TValues, refuse: Refuse) => TRead,
  rename: Record<string, string> = {},
) {
  return z.custom<TValues>().transform((values, ctx) => {
    const refuse: Refuse = (path, message) =>
      ctx.addIssue({ code: "custom", message, path: path.split(".") });
    const payload = read(values, refuse);
    for (const issue of schema.safeParse(payload).error?.issues ?? []) {
      refuse(formPath(issue.path.map(String).join("."), rename), issue.message);
    }
    return payload;
  });
}

/** What a dollar field says when it does not hold an amount. */
export interface AmountWords {
  empty: string;
  unreadable: string;
  /** Dollars and cents, but more than the $10,000,000 a price may be. */
  tooMuch: string;
}

/** The billing forms' words. */
const amountWords: AmountWords = {
  empty: "Enter an amount",
  unreadable: "Enter an amount in dollars, such as 1,200 or 24.99",
  tooMuch: "Enter an amount of at most $10,000,000",
};

/**
 * A dollar field's cents, or -1 after refusing it on `path` when it does not read as an amount
 * from `minCents` to $10,000,000 (the shared schemas count in cents, and say so).
 */
export function readCents(
  text: string,
  path: string,
  refuse: Refuse,
  { minCents = 0, words = amountWords }: { minCents?: number; words?: AmountWords } = {},
): number {
  const cents = dollarsToCents(text);
  if (cents === null) {
    const typed = text.trim();
    refuse(
      path,
      !typed
        ? words.empty
        : /^\$?\s*[\d,]+(\.\d{0,2})?$/.test(typed)
          ? words.tooMuch
          : words.unreadable,
    );
    return -1;
  }
  if (cents < minCents) refuse(path, `Enter an amount of at least ${formatMoney(minCents)}`);
  return cents;
}

/**
 * A count typed in a field (a quantity, a day of the month), or 0 after refusing it on `path`
 * with `message` when it is not a whole number from `min` up.
 */
export function readWholeNumber(
  text: string,
  path: string,
  refuse: Refuse,
  { message, min = 0 }: { message: string; min?: number },
): number {
  const value = parseQuantity(text);
  if (value === null || value < min) {
    refuse(path, message);
    return 0;
  }
  return value;
}
