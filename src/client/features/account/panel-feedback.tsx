import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";

/* What an account panel says after a write: that it was saved, or what went wrong. */

/** What a failed write says: the field's message from the server, else the reason. */
export function writeError(error: unknown, field?: string): string {
  if (error instanceof ApiError) {
    if (field && error.fieldErrors?.[field]) return error.fieldErrors[field];
    if (error.json?.message) return error.json.message;
  }
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "The passkey request was cancelled or timed out.";
  }
  return errorMessage(error);
}

export function StatusLine({ children }: { children: string | null }) {
  return (
    <p role="status" className="min-h-5 text-sm text-emerald-700">
      {children}
    </p>
  );
}

export function FormAlert({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {children}
    </p>
  );
}
