/** The /api/login address that comes back to `path` afterwards. */
export function loginHref(path: string): string {
  return `/api/login?returnTo=${encodeURIComponent(path)}`;
}
