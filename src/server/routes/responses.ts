import { z } from "zod";

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** The error answers every route may give, in the one error format. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  429: errorBody,
  413: errorBody,
  415: errorBody,
  500: errorBody,
  503: errorBody,
};
