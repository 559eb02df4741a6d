import "./fonts.css";
import "./styles.css";
import { holdActions } from "./held-actions";
import { nextTask } from "./lib/next-task";
import { PAGE_READY } from "./lib/page-ready";
import { loadWebFonts } from "./web-fonts";

const root = document.getElementById("root");
const prerendered = Boolean(root?.hasChildNodes());

/**
 * The entry, under 3 KB gzip. A prerendered page is readable without JavaScript, so the code that
 * makes it interactive (React, the layout and the page's components) is fetched only once the
 * page has been drawn: on a slow connection the HTML and fonts get the bandwidth first. The
 * portal's shell is empty until its code runs, so it starts at once. See
 * docs/decisions/003-paint-first-hydrate-after.md.
 */
function afterFirstPaint(start: () => void) {
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
 * The code the page needs, listed by the prerender: React and the layout, then the page's own
 * modules. Empty on the portal's shell, where `import("./hydrate")` preloads what it needs itself.
 */
function listedModules(): string[] {
  const list = document.querySelector<HTMLMetaElement>('meta[name="page-modules"]');
  return list?.content.split(" ").filter(Boolean) ?? [];
}

function preload(hrefs: string[]) {
  for (const href of hrefs) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Each request the browser starts costs the main thread a little (about half a millisecond on a
 * phone), and a page lists some forty modules: added in one go they made one long task, right
 * after the first paint. A handful per task keeps each task short.
 */
const PRELOADS_PER_TASK = 6;

/** The public page's islands (their script's address), when the page is made of islands. */
const islands = document.querySelector<HTMLMetaElement>('meta[name="islands"]')?.content;

/** Fetches the web fonts and the page's code, a few requests per task, then hydrates. */
async function start() {
  void loadWebFonts();
  if (islands) {
    await import(/* @vite-ignore */ islands);
    return;
  }
  const modules = listedModules();
  for (let i = 0; i < modules.length; i += PRELOADS_PER_TASK) {
    await nextTask();
    preload(modules.slice(i, i + PRELOADS_PER_TASK));
  }
  await nextTask();
  // React DOM runs its module code in a task of its own, then the app's modules in the next.
  // Their own preloads find the links above and add none.
  await import("react-dom/client");
  await nextTask();
  await import("./hydrate");
}

/** Holds the visitor's early clicks and sends until the page is live, then does them. */
function holdEarlyActions(container: HTMLElement) {
  const release = holdActions(container);
  const html = document.documentElement;
  const observer = new MutationObserver(() => {
    if (!html.hasAttribute(PAGE_READY)) return;
    observer.disconnect();
    release();
  });
  observer.observe(html, { attributes: true, attributeFilter: [PAGE_READY] });
}

if (root && prerendered) holdEarlyActions(root);
afterFirstPaint(() => void start());
