import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import type { PageKey } from "@content/site";
import { publicRoutes, type PublicRoute } from "@shared/routes";
import { App } from "./app";
import { pageHead, pageHeadToHtml } from "./components/seo";
import { jsonLdScript, localBusinessJsonLd } from "./structured-data";

export { publicRoutes };

/**
 * Renders one public page (or the not-found page) to HTML for the prerender step, with its head
 * tags. `origin` may be a placeholder the server replaces with PUBLIC_URL when it starts.
 */
export async function renderPage(route: PublicRoute | "not-found", origin: string) {
  const path = route === "not-found" ? "/404" : route;
  const app = () => <App ssrPath={path} />;
  // The first pass waits for the page's lazily imported code; the second renders it in place,
  // in one piece. Streamed, React would reveal the page with inline scripts, which our CSP
  // forbids, and browsers without JavaScript would not see it.
  const { prelude } = await prerenderToNodeStream(app());
  for await (const chunk of prelude) void chunk;
  const html = renderToString(app());
  const inline = html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[\s\S]{0,120}/);
  if (inline) {
    throw new Error(`the prerendered ${route} page holds an inline script: ${inline[0]}`);
  }
  const page: PageKey = route;
  const head = [
    pageHeadToHtml(pageHead(page, origin)),
    `<script type="application/ld+json">${jsonLdScript(localBusinessJsonLd(origin))}</script>`,
  ].join("\n");
  return { html, head };
}

/** The head of an app shell (portal, back office or shared view, rendered in the browser). */
export function shellHead(page: "/dashboard" | "/admin" | "/share", origin: string) {
  const head = pageHeadToHtml(pageHead(page, origin));
  // A share link's address holds its token: the page sends no referrer anywhere.
  return page === "/share" ? `${head}\n<meta name="referrer" content="no-referrer" />` : head;
}
