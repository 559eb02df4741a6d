const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);

/**
 * A failure to reach the database (not a failed query): connection refused or lost, server
 * shutting down (SQLSTATE 57P0x) or a connection exception (class 08), anywhere in the causes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^(57P0|08)/.test(code))) {
      return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
