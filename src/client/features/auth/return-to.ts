/** The /api/login address that comes back to `path` afterwards (to the user's home without). */
export function loginHref(path?: string): string {
  return path ? `/api/login?returnTo=${encodeURIComponent(path)}` : "/api/login";
}
