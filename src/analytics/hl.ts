/**
 * Harborline's visitor analytics tag, served as /js/hl.js (docs/analytics.md):
 *   <script defer data-site="SITE_KEY" src="https://<our host>/js/hl.js"></script>
 * It sends one page view per page (and per single-page-app navigation) to /api/events of the
 * host it came from: the page's address without query or fragment, the referrer, the screen
 * width, and the address's utm_source, utm_medium and utm_campaign (never the rest of the query).
 * `hl("Signup")` sends a goal; calls made before the tag loaded wait in `hl.q` (docs/analytics.md
 * gives the one line that queues them). With `data-outbound` on the tag, clicks on links to other
 * sites are the goal "Outbound link"; with `data-downloads`, clicks on files are "File download".
 * No cookie, no storage, nothing that identifies the visitor. Automated browsers
 * (navigator.webdriver) send nothing. With data-vitals (staff turned real-user speed on), it loads
 * /js/hl-vitals.js after the page's load event (src/analytics/hl-vitals.ts).
 */
type Queued = ((name: unknown) => void) & { q?: ArrayLike<unknown>[] };

((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  const site = script?.dataset.site;
  if (!script || !site || navigator.webdriver) return;
  const endpoint = new URL("/api/events", script.src).href;
  let last: string | undefined;

  const post = (event: Record<string, unknown>): void => {
    const body = JSON.stringify({ site, url: location.origin + location.pathname, ...event });
    // text/plain is a "simple" request: no CORS preflight, and sendBeacon survives unloading.
    const blob = new Blob([body], { type: "text/plain" });
    if (!navigator.sendBeacon?.(endpoint, blob)) {
      void fetch(endpoint, { method: "POST", body: blob, keepalive: true, mode: "no-cors" }).catch(
        () => undefined,
      );
    }
  };

  const send = (): void => {
    const url = location.origin + location.pathname;
    if (url === last) return; // a pushState that changed only the query or fragment
    last = url;
    const view: Record<string, unknown> = {
      // Only its host is kept: the query of the page before (the same site's) is never sent.
      referrer: document.referrer.split("?")[0],
      width: screen.width,
    };
    const query = new URLSearchParams(location.search);
    for (const name of ["utm_source", "utm_medium", "utm_campaign"]) {
      const value = query.get(name);
      // The server keeps at most 100 characters of each, and refuses more.
      if (value) view[name] = value.slice(0, 100);
    }
    post(view);
  };

  const goal = (name: unknown): void => post({ type: "goal", name });
  const w = window as unknown as { hl?: Queued };
  const queued = (w.hl && w.hl.q) || [];
  w.hl = goal;

  const { outbound, downloads } = script.dataset;
  if (outbound != null || downloads != null) {
    const clicked = (event: MouseEvent): void => {
      if (event.button > 1) return; // a right click opens a menu, not the link
      const link = (event.target as Element).closest("a");
      if (!link || !/^http/.test(link.protocol)) return;
      if (
        downloads != null &&
        (link.hasAttribute("download") ||
          /\.(pdf|zip|docx?|xlsx?|pptx?|csv|txt|gz|dmg|exe|mp3|mp4|mov)$/i.test(link.pathname))
      ) {
        goal("File download");
      } else if (outbound != null && link.hostname !== location.hostname) {
        goal("Outbound link");
      }
    };
    addEventListener("click", clicked, true);
    addEventListener("auxclick", clicked, true);
  }

  const pushState = history.pushState;
  history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    pushState.apply(this, args);
    send();
  };
  addEventListener("popstate", send);
  send();
  // Goals called before the tag loaded, after the view they belong to.
  for (const args of queued) goal(args[0]);

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
