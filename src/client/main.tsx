import "./fonts.css";
import "./styles.css";

/**
 * The entry, under 2 KB. A prerendered page is readable without JavaScript, so the code that
 * makes it interactive (React, the layout and the page's components) is fetched only once the
 * page has been drawn: on a slow connection the HTML and fonts get the bandwidth first. The
 * portal's shell is empty until its code runs, so it starts at once. See
 * docs/decisions/003-paint-first-hydrate-after.md.
 */
function afterFirstPaint(start: () => void) {
  const prerendered = document.getElementById("root")?.hasChildNodes();
  // A background tab never paints: start there at once too.
  if (!prerendered || document.visibilityState !== "visible") return start();
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  // The browser's own record of the first paint, which comes once the frame is on screen, a
  // little after requestAnimationFrame would say. A browser that never records one (the tab was
  // hidden in between) still starts after a few seconds.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    start();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length) startOnce();
  });
  const fallback = setTimeout(startOnce, 3000);
  observer.observe({ type: "paint", buffered: true });
}

/**
 * The page's own code, listed by the prerender step, fetched alongside React, not after it. (The
 * import of ./hydrate preloads React and the layout itself.)
 */
function preloadPageModules() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="page-modules"]');
  for (const href of list?.content.split(" ").filter(Boolean) ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

afterFirstPaint(() => {
  preloadPageModules();
  void import("./hydrate");
});
