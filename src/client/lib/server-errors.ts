import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/** Words for a failed request that a member of staff can act on. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError))
    return "The server could not be reached. Check your connection.";
  if (error.status === 401) return "You are signed out. Log in again to continue.";
  // The API's message, or the answer's own text when it is not the API's JSON.
  const said = error.json ? error.json.message : error.body || error.statusText;
  if (error.status === 403) return said || "This area is for agency staff only.";
  return said || "Something went wrong. Please try again.";
}

/**
 * Puts the server's field errors (400 { errors }) on the form's fields; anything else becomes
 * the form's own error. `rename` maps an API field to the form field that holds it.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: Record<string, string> = {},
) {
  const errors = (error instanceof ApiError && error.fieldErrors) || {};
  let placed = false;
  for (const [key, message] of Object.entries(errors)) {
    const field = rename[key] ?? key;
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) setError("root.server" as Path<T>, { type: "server", message: errorMessage(error) });
}
