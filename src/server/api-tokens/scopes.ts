import { apiTokenNouns, type ApiTokenNoun, type ApiTokenScope } from "@shared/schemas/api-tokens";

const nouns = new Set<string>(apiTokenNouns);
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one rule that gives a route its scope: its noun is its URL's first segment after
 * /api/admin/ (/api/admin/leads/:kind/:id -> leads), and GET and HEAD read, every other method
 * writes. A route outside the nouns (or outside /api/admin) has no scope: no token calls it.
 */
export function routeScope(method: string, url: string): ApiTokenScope | undefined {
  const match = /^\/api\/admin\/([a-z-]+)(?:[/?.]|$)/.exec(url);
  const noun = match?.[1];
  if (!noun || !nouns.has(noun)) return undefined;
  return `${noun as ApiTokenNoun}:${READS.has(method) ? "read" : "write"}`;
}
