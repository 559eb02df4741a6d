import { z } from "@shared/schemas/zod";

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
