import { useEffect, useState } from "react";

/**
 * False until the browser is first idle after this component mounted. Parts that are only
 * needed once the visitor interacts (toasts, tooltips) wait for it, so their code is fetched
 * after the page has painted and hydrated, not in competition with it.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(handle);
  }, []);
  return idle;
}
