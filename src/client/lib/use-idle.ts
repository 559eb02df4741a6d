import { startTransition, useEffect, useState } from "react";

/**
 * False until the browser is first idle after this component mounted. Parts that are only
 * needed once the visitor interacts (toasts, tooltips) wait for it, so their code is fetched
 * after the page has painted and hydrated, not in competition with it. The change is a
 * transition: React renders what it brings in slices, between the browser's own work.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const becomeIdle = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(becomeIdle, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(becomeIdle, 1000);
    return () => clearTimeout(handle);
  }, []);
  return idle;
}
