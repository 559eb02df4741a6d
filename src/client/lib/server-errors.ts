import type { FieldErrors, FieldValues, Path, UseFormSetError } from "react-hook-form";
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
 * An API field's path as the form names it: `rename` maps an API field to the form field that
 * holds it, at any depth ("lines.0.unitPriceCents" -> "lines.0.price" with `{ unitPriceCents:
 * "price" }`).
 */
export function formPath(path: string, rename: Record<string, string> = {}): string {
  const names = path.split(".");
  const last = names.pop()!;
  return [...names, rename[last] ?? last].join(".");
}

/**
 * Puts the server's field errors (400 { errors }) on the form's fields (`fields`, and the fields
 * inside them: "lines" takes "lines.0.price"); anything else becomes the form's own error.
 * `rename` maps an API field to the form field that holds it (see formPath).
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
    const field = formPath(key, rename);
    if (fields.includes(field.split(".")[0]!)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) setError("root.server" as Path<T>, { type: "server", message: errorMessage(error) });
}

/**
 * What a long form says above its buttons, far from the fields: why the server refused it, or
 * that some fields need attention while any field has an error.
 */
export function formFailure(errors: FieldErrors): string | undefined {
  if (errors.root?.server?.message) return errors.root.server.message;
  return Object.keys(errors).some((name) => name !== "root")
    ? "Some fields need your attention."
    : undefined;
}
