import { DrizzleQueryError } from "drizzle-orm";

/** What a PostgreSQL error says about itself without the values of the failed query. */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

/**
 * What some libraries' errors carry of the request or answer that failed: Stripe's signature
 * error its header and the body, an HTTP client's error the headers it sent (Authorization, a
 * cookie). Left out of any error, at any depth.
 */
const REQUEST_FIELDS = new Set([
  "header",
  "headers",
  "rawHeaders",
  "cookie",
  "cookies",
  "authorization",
  "payload",
  "body",
  "rawBody",
  "raw",
  "request",
  "config",
]);

/**
 * The logger's `err` serializer. A failed query carries its values (a lead's name, email and
 * message): Drizzle puts them in its message and `params`, PostgreSQL in `detail` and `where`,
 * PGlite in `params` too. A database error is logged with its statement and code, not them;
 * any other error as pino would, its causes included, without the request it was about.
 */
export function serializeError(error: Error): SerializedError {
  return serialize(error, 0);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(error: Error, depth: number): SerializedError {
  const fields = error as Error & Record<string, unknown>;
  const serialized: SerializedError = { type: error.constructor.name, message: "", stack: "" };

  // PostgreSQL's errors (from pg or PGlite) carry a five-character SQLSTATE and a severity.
  const fromPostgres = typeof fields.code === "string" && typeof fields.severity === "string";
  if (error instanceof DrizzleQueryError || fromPostgres) {
    const message =
      error instanceof DrizzleQueryError
        ? `Failed query: ${error.query}`
        : // In a data exception (class 22) PostgreSQL quotes the value it could not take.
          String(fields.code).startsWith("22")
          ? error.message.replace(/"(?:[^"]|"")*"/g, '"…"')
          : error.message;
    serialized.message = message;
    // The stack's first line repeats the message: keep only where it was thrown.
    serialized.stack = `${error.name}: ${message}${stackFrames(error.stack)}`;
    if (typeof fields.query === "string") serialized.statement = fields.query;
    for (const field of DATABASE_ERROR_FIELDS) {
      if (fields[field] !== undefined) serialized[field] = fields[field];
    }
  } else {
    serialized.message = error.message;
    serialized.stack = error.stack ?? "";
    for (const [key, value] of Object.entries(error)) {
      if (key === "cause" || key === "type" || key === "message" || key === "stack") continue;
      if (REQUEST_FIELDS.has(key)) continue;
      serialized[key] = Array.isArray(value)
        ? value.map((item) => (item instanceof Error ? serialize(item, depth + 1) : item))
        : value;
    }
  }

  if (error.cause !== undefined && depth < 5) {
    serialized.cause =
      error.cause instanceof Error ? serialize(error.cause, depth + 1) : error.cause;
  }
  return serialized;
}

const stackFrames = (stack: string | undefined) => {
  const at = stack?.indexOf("\n    at ") ?? -1;
  return at < 0 ? "" : stack!.slice(at);
};
