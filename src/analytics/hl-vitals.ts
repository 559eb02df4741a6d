/**
 * The real-user speed part of the analytics tag, served as /js/hl-vitals.js and loaded by
 * /js/hl.js after the page's load event when the site's tag carries data-vitals
 * (docs/analytics.md). It measures LCP, INP, CLS, FCP and TTFB with Google's web-vitals library
 * and sends them once per page view, when the page is first hidden, with sendBeacon: the page's
 * address without query or fragment, the screen width (for the device class) and the values.
 * No cookie, no storage.
 */
import type { Metric } from "web-vitals";
import { onCLS } from "web-vitals/onCLS.js";
import { onFCP } from "web-vitals/onFCP.js";
import { onINP } from "web-vitals/onINP.js";
import { onLCP } from "web-vitals/onLCP.js";
import { onTTFB } from "web-vitals/onTTFB.js";

((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  const site = script?.dataset.site;
  if (!script || !site || navigator.webdriver) return;
  const endpoint = new URL("/api/events", script.src).href;
  const metrics: Record<string, number> = {};
  const url = location.origin + location.pathname;
  let sent = false;

  // Every change is kept, so the values at hand when the page is hidden are the latest.
  const keep = ({ name, value }: Metric): void => {
    metrics[name.toLowerCase()] = value;
  };
  const options = { reportAllChanges: true };
  onLCP(keep, options);
  onINP(keep, options);
  onCLS(keep, options);
  onFCP(keep, options);
  onTTFB(keep, options);

  addEventListener("visibilitychange", () => {
    if (sent || document.visibilityState !== "hidden" || Object.keys(metrics).length === 0) return;
    sent = true;
    const body = JSON.stringify({ type: "vitals", site, url, width: screen.width, metrics });
    navigator.sendBeacon?.(endpoint, new Blob([body], { type: "text/plain" }));
  });
})();
