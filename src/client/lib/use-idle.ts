import { startTransition, useEffect, useState } from "react";

/** How long a loading page may hold back what waits for idle, at most. */
const MAX_HOLD_MS = 10_000;

/**
 * Runs `run` once the browser is idle and nothing on the page is loading: no element carries
 * `data-loading` (PageLoading, LoadingCards, a tab or chart on its way). The browser is often idle
 * while a page waits for its code or its answers, and code fetched then (toasts, tooltips, tabs
 * prefetched) would compete with what the page is loading. After MAX_HOLD_MS it runs anyway.
 * The page marks itself in the DOM, so this module is all the layout needs. Returns a function
 * that cancels.
 */
export function whenIdle(run: () => void): () => void {
  const deadline = Date.now() + MAX_HOLD_MS;
  let cancel = () => {};
  const attempt = () => {
    cancel = idleCallback(() => {
      if (Date.now() < deadline && document.querySelector("[data-loading]")) {
        const handle = setTimeout(attempt, 200);
        cancel = () => clearTimeout(handle);
      } else {
        run();
      }
    });
  };
  attempt();
  return () => cancel();
}

function idleCallback(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1000);
  return () => clearTimeout(handle);
}

/**
 * False until the browser is first idle after this component mounted (see whenIdle). Parts that
 * are only needed once the visitor interacts (toasts, tooltips) wait for it, so their code is
 * fetched after the page has painted and hydrated, not in competition with it. The change is a
 * transition: React renders what it brings in slices, between the browser's own work.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
