import { lazy, useEffect, useRef, useState, type ComponentType } from "react";
import { queryClient } from "./query-client";
import { whenIdle } from "./use-idle";

export type Preloadable<Props extends object> = ComponentType<Props> & {
  /** Fetches the part's code now; safe to call any number of times. */
  preload: () => void;
};

/**
 * A part (a dashboard tab, a back-office view) whose code is its own chunk: fetched when the
 * part is first shown, while the nearest Suspense shows its fallback, or earlier through
 * `preload` (once the page has settled, or on hover). A part whose code has arrived renders at
 * once, without suspending, so switching to a prefetched tab never flashes its fallback. A
 * failed fetch is tried again by the next `preload`.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await get() }));
  function PreloadablePart(props: Props) {
    // Chosen once per mount: swapping the lazy wrapper for the loaded part later would remount
    // the part and lose what the client had typed into it.
    const [Part] = useState(() => loaded ?? Lazy);
    return <Part {...props} />;
  }
  return Object.assign(PreloadablePart, { preload: () => void get().catch(() => {}) });
}

/**
 * Calls `prefetch` once the page has settled: none of its queries is fetching, nothing on it is
 * loading (whenIdle) and the browser is idle. Rendered inside the Suspense of what is shown
 * first, it runs only after that part's code and answers have arrived, so the prefetch never
 * competes with the first load.
 */
export function PrefetchWhenSettled({ prefetch }: { prefetch: () => void }) {
  const latest = useRef(prefetch);
  useEffect(() => {
    latest.current = prefetch;
  });
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    let done = false;
    const check = () => {
      if (done || cancelIdle || queryClient.isFetching() > 0) return;
      cancelIdle = whenIdle(() => {
        cancelIdle = undefined;
        if (queryClient.isFetching() > 0) return;
        done = true;
        unsubscribe();
        latest.current();
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, []);
  return null;
}
