import { hydrate, render, type ComponentChild } from "preact";
import { Router } from "wouter";
import { Header } from "@/components/layout/header";
import { nextTask } from "@/lib/next-task";
import { markPageReady } from "@/lib/page-ready";
import { holdActions } from "./held-actions";
import { onIntent } from "./island-intent";

/**
 * The public pages' islands: the parts of a prerendered page that need JavaScript, each hydrated
 * in its own `[data-island]` element while the rest of the page stays the HTML it arrived as.
 * Built on its own (scripts/islands.ts) with Preact standing in for React (preact/compat), from
 * the same components the prerender renders with React. See docs/decisions/029 and 030.
 */

const path = window.location.pathname;
/**
 * The islands have no router behind them: the location is the page's, and a move to another
 * page is a full page load (a prerendered page, or the portal's app).
 */
const pageLocation = (): [string, (to: string) => void] => [
  path,
  (to) => window.location.assign(to),
];

const inRouter = (child: ComponentChild) =>
  (<Router hook={pageLocation}>{child as never}</Router>) as unknown as ComponentChild;

/** A form page's own code: a chunk of its own, fetched on intent (docs/decisions/030). */
const formPages: Record<string, () => Promise<() => ComponentChild>> = {
  "/contact": () => import("@/pages/contact").then((m) => () => <m.ContactPage />),
  "/apply": () => import("@/pages/apply").then((m) => () => <m.ApplyPage />),
  "/book": () => import("@/pages/book").then((m) => () => <m.BookPage />),
};

const islands: Record<string, (element: HTMLElement) => void> = {
  header: (element) => {
    hydrate(inRouter(<Header />), element);
    element.dataset.live = "";
  },
  page: (element) => {
    const load = formPages[path];
    if (!load) return;
    // An email's reschedule or cancel link shows another view than the prerendered one, at once.
    const search = new URLSearchParams(window.location.search);
    const fromEmailLink = search.has("reschedule") || search.has("cancel");
    const release = holdActions(element);
    const start = async () => {
      const [page, { Toaster }] = await Promise.all([load(), import("@/components/ui/toaster")]);
      if (fromEmailLink) {
        element.replaceChildren();
        render(inRouter(page()), element);
      } else {
        hydrate(inRouter(page()), element);
      }
      const toasts = document.createElement("div");
      document.body.append(toasts);
      render((<Toaster />) as unknown as ComponentChild, toasts);
      element.dataset.live = "";
      release();
    };
    if (fromEmailLink) void start();
    else onIntent(element, () => void start());
  },
};

// Each island in a task of its own, apart from the runtime's evaluation: together they made one
// long task on a slow phone.
for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  await nextTask();
  islands[element.dataset.island ?? ""]?.(element);
}
markPageReady();
