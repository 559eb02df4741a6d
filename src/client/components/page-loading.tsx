/**
 * What a page shows while its code or its first answer is on the way. At least a screen tall, so
 * the footer waits below the fold instead of jumping down when the page arrives.
 */
export function PageLoading() {
  return (
    // data-loading: what waits for idle waits for the page (lib/use-idle).
    <div
      data-loading=""
      className="container-page flex min-h-svh items-center justify-center py-24"
    >
      <p role="status" className="text-lg text-muted-foreground">
        Loading...
      </p>
    </div>
  );
}
