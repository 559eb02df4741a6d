import { z } from "./zod";

/**
 * The one error format of every route: what went wrong, and for invalid fields a message per
 * field. (A body whose JSON is not this shape, a proxy's HTML page say, is read as no details.)
 */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
