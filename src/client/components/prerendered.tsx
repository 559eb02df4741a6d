import { useState, type ReactNode } from "react";
import { PAGE_READY } from "@/lib/page-ready";

/**
 * The prerendered HTML of the part called `name`, while the page the visitor landed on is being
 * taken over (not yet live, see lib/page-ready); null on the server and once the page is live,
 * so after a move within the site the part renders from its code.
 */
function landedHtml(name: string): string | null {
  if (typeof document === "undefined" || document.documentElement.hasAttribute(PAGE_READY)) {
    return null;
  }
  return document.querySelector(`[data-prerendered="${name}"]`)?.innerHTML ?? null;
}

/**
 * A part of a page with nothing interactive in it: text, plain links, a phone number. On the
 * visit that lands on the page, React adopts the part's prerendered HTML as it is
 * (dangerouslySetInnerHTML is not hydrated), so hydrating the page is hydrating its interactive
 * parts alone: the form, the chat dialog, the QR card. Rendered from its code on the server and
 * after a move within the site. Its links are plain links meanwhile: each leads to a prerendered
 * page. The wrapper is `display: contents`, so it does not change the layout; `name` must be
 * unique across the site. See docs/decisions/003-paint-first-hydrate-after.md.
 */
export function Prerendered({ name, children }: { name: string; children: ReactNode }) {
  const [html] = useState(() => landedHtml(name));
  if (html !== null) {
    return (
      <div
        data-prerendered={name}
        className="contents"
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div data-prerendered={name} className="contents">
      {children}
    </div>
  );
}
