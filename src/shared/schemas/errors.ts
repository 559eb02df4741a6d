import { z } from "./zod";

/**
 * The one error format of every route: what went wrong, and for invalid fields a message per
 * field. (A body whose JSON is not this shape, a proxy's HTML page say, is read as no details.)
 */
export const errorBodySchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, worded for people." }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "For invalid fields: a message per field, by the field's name." }),
  })
  // One component of the API's OpenAPI document, which every error answer points at.
  .meta({ id: "Error", description: "An error: what went wrong, and what to fix." });
export type ErrorBody = z.infer<typeof errorBodySchema>;
