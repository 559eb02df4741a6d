import { createHash } from "node:crypto";

/** JSON with object keys in sorted order, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of a record as the client was shown it: what an acceptance or an approval keeps,
 * so anyone can later prove which content was agreed to.
 */
export function contentHash(record: Record<string, unknown>): string {
  return createHash("sha256").update(canonicalJson(record)).digest("hex");
}
