/**
 * Where to go after signing in: a path on this site only (one leading "/", never "//" or "/\"),
 * so a crafted link cannot send someone to another origin. The server applies the same rule.
 */
export function safeReturnTo(value: string | null | undefined): string {
  return value && /^\/(?![/\\])/.test(value) ? value : "/dashboard";
}

/** The /api/login address that comes back to `path` afterwards. */
export function loginHref(path: string): string {
  return `/api/login?returnTo=${encodeURIComponent(path)}`;
}
