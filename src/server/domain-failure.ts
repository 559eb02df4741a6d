/*
 * Why a noun's rules refused a request, in the nouns' own words: the one failure every noun
 * answers with. It names no HTTP status; a route turns its kind into one (routes/api/common.ts).
 */

/**
 * - not-found: the thing is not there, or not the caller's to see;
 * - conflict: it is there, but its state refuses the change (already issued, last owner, ...);
 * - invalid: the input breaks a rule only the noun can check (`field` names the input);
 * - too-many: a limit on how many (links sent lately, uploads waiting);
 * - too-large, unsupported: a file over the size limit, or of a kind not taken.
 */
export type FailureKind =
  "not-found" | "conflict" | "invalid" | "too-many" | "too-large" | "unsupported";

export type DomainFailure = { ok: false; kind: FailureKind; message: string; field?: string };

/** What a rule-checked write answers: its value, or why it was refused. */
export type Outcome<T> = { ok: true; value: T } | DomainFailure;

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export function failure(kind: FailureKind, message: string, field?: string): DomainFailure {
  return { ok: false, kind, message, ...(field ? { field } : {}) };
}
export const notFound = (message: string) => failure("not-found", message);
export const conflict = (message: string) => failure("conflict", message);
export const invalid = (message: string, field?: string) => failure("invalid", message, field);

/**
 * A failure thrown rather than answered: inside a transaction, to roll back what it wrote. Caught
 * back into an outcome with `outcomeOf`, or answered by the error handler when a route lets it go.
 */
export class DomainFailureError extends Error {
  constructor(readonly failure: DomainFailure) {
    super(failure.message);
  }
}

/** Runs `work`, answering a DomainFailureError thrown in it as its failure. */
export async function outcomeOf<T>(work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainFailureError) return error.failure;
    throw error;
  }
}
