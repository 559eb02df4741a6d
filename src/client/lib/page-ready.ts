/**
 * The attribute set on <html> once the page the visitor sees is live: hydrated on landing, or
 * rendered after a move. Until then the entry holds the visitor's clicks and sends (main.tsx).
 * No imports here: the entry includes this file.
 */
export const PAGE_READY = "data-page-ready";

export function markPageReady() {
  document.documentElement.setAttribute(PAGE_READY, "");
}
