import "./fonts.css";
import "./styles.css";
import { PAGE_READY } from "./lib/page-ready";

const root = document.getElementById("root");

/**
 * The entry, under 2 KB. A prerendered page is readable without JavaScript, so the code that
 * makes it interactive (React, the layout and the page's components) is fetched only once the
 * page has been drawn: on a slow connection the HTML and fonts get the bandwidth first. The
 * portal's shell is empty until its code runs, so it starts at once. See
 * docs/decisions/003-paint-first-hydrate-after.md.
 */
function afterFirstPaint(start: () => void) {
  const prerendered = root?.hasChildNodes();
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

/**
 * Until the app has taken over the prerendered page, a click on one of its buttons (the menu, the
 * chat) would do nothing, and a form sent with Enter would go as a plain GET, its lead lost. The
 * last such action is held and done again once the page is live.
 */
function holdEarlyActions(container: HTMLElement) {
  let held: (() => void) | undefined;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    // A submit button's click becomes a submit event, held below.
    if (button && button.type !== "submit" && container.contains(button)) {
      held = () => button.isConnected && button.click();
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !container.contains(form)) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    held = () => form.isConnected && form.requestSubmit(submitter);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("submit", onSubmit, true);

  const html = document.documentElement;
  const observer = new MutationObserver(() => {
    if (!html.hasAttribute(PAGE_READY)) return;
    observer.disconnect();
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("submit", onSubmit, true);
    held?.();
  });
  observer.observe(html, { attributes: true, attributeFilter: [PAGE_READY] });
}

if (root?.hasChildNodes()) holdEarlyActions(root);
afterFirstPaint(() => {
  preloadPageModules();
  void import("./hydrate");
});
