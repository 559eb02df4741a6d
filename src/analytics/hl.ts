/**
 * Harborline's visitor analytics tag, served as /js/hl.js (docs/analytics.md):
 *   <script defer data-site="SITE_KEY" src="https://<our host>/js/hl.js"></script>
 * It sends one page view per page (and per single-page-app navigation) to /api/events of the
 * host it came from: the page's address without query or fragment, the referrer and the screen
 * width. No cookie, no storage, nothing that identifies the visitor. Automated browsers
 * (navigator.webdriver) send nothing. With data-vitals (staff turned real-user speed on), it loads
 * /js/hl-vitals.js after the page's load event (src/analytics/hl-vitals.ts).
 */
((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  const site = script?.dataset.site;
  if (!script || !site || navigator.webdriver) return;
  const endpoint = new URL("/api/events", script.src).href;
  let last: string | undefined;

  const send = (): void => {
    const url = location.origin + location.pathname;
    if (url === last) return; // a pushState that changed only the query or fragment
    last = url;
    const body = JSON.stringify({
      site,
      url,
      referrer: document.referrer || undefined,
      width: screen.width,
    });
    // text/plain is a "simple" request: no CORS preflight, and sendBeacon survives unloading.
    const blob = new Blob([body], { type: "text/plain" });
    if (!navigator.sendBeacon?.(endpoint, blob)) {
      void fetch(endpoint, { method: "POST", body: blob, keepalive: true, mode: "no-cors" }).catch(
        () => undefined,
      );
    }
  };

  const pushState = history.pushState;
  history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    pushState.apply(this, args);
    send();
  };
  addEventListener("popstate", send);
  send();

  if (script.hasAttribute("data-vitals")) {
    // Off the critical path: fetched once the page has loaded.
    const load = (): void => {
      const vitals = document.createElement("script");
      vitals.src = new URL("/js/hl-vitals.js", script.src).href;
      vitals.dataset.site = site;
      document.head.appendChild(vitals);
    };
    if (document.readyState === "complete") load();
    else addEventListener("load", load);
  }
})();
