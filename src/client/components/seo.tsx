import { useEffect } from "react";
import { brand, pageMeta, type PageKey } from "@content/site";

/** One <meta> tag: `name` for standard tags, `property` for Open Graph. */
type HeadMetaTag =
  | { name: string; content: string; property?: never }
  | { property: string; content: string; name?: never };

interface PageHead {
  title: string;
  meta: HeadMetaTag[];
  /** The page's own address, when it has one to be indexed under. */
  canonical?: string;
}

/** Where each page lives; the not-found page and the portal have no address of their own. */
const pagePaths: Partial<Record<PageKey, string>> = {
  "/": "/",
  "/about": "/about",
  "/services": "/services",
  "/pricing": "/pricing",
  "/contact": "/contact",
  "/apply": "/apply",
  "/book": "/book",
};

/** The social card image, made at build from the brand. */
const ogImagePath = "/og-image.png";

/**
 * The head tags of a page, from the content folder. Pure, so the prerender step writes the same
 * tags into the HTML that <Seo> applies in the browser.
 */
export function pageHead(page: PageKey, origin: string): PageHead {
  const meta = pageMeta[page];
  const path = pagePaths[page];
  const canonical = path === undefined ? undefined : `${origin}${path === "/" ? "/" : path}`;
  const tags: HeadMetaTag[] = [
    { name: "description", content: meta.description },
    ...(meta.keywords.length ? [{ name: "keywords", content: meta.keywords.join(", ") }] : []),
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:image", content: `${origin}${ogImagePath}` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: meta.title },
    { name: "twitter:description", content: meta.description },
    { name: "twitter:image", content: `${origin}${ogImagePath}` },
  ];
  if (canonical) tags.push({ property: "og:url", content: canonical });
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return { title: meta.title, meta: tags, ...(canonical ? { canonical } : {}) };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The head tags as HTML, for the prerender step. */
export function pageHeadToHtml(head: PageHead): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`];
  for (const tag of head.meta) {
    const key =
      tag.name !== undefined
        ? `name="${escapeHtml(tag.name)}"`
        : `property="${escapeHtml(tag.property)}"`;
    lines.push(`<meta ${key} content="${escapeHtml(tag.content)}" />`);
  }
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  return lines.join("\n");
}

function upsertMeta(tag: HeadMetaTag) {
  const [attribute, key] =
    tag.name !== undefined ? (["name", tag.name] as const) : (["property", tag.property] as const);
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute("content", tag.content);
}

/** Applies a page's title and meta tags in the browser; renders nothing. */
export function Seo({ page }: { page: PageKey }) {
  useEffect(() => {
    const head = pageHead(page, window.location.origin);
    document.title = head.title;
    head.meta.forEach(upsertMeta);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (head.canonical) {
      if (!link) {
        link = document.createElement("link");
        link.rel = "canonical";
        document.head.appendChild(link);
      }
      link.href = head.canonical;
    } else {
      link?.remove();
    }
    // A page without noindex or keywords must not keep the tag a previous page left behind.
    for (const name of ["robots", "keywords"]) {
      if (!head.meta.some((tag) => tag.name === name)) {
        document.head.querySelector(`meta[name="${name}"]`)?.remove();
      }
    }
  }, [page]);
  return null;
}
