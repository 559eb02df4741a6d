import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageMeta } from "@content/site";
import { pageHead, pageHeadToHtml, Seo } from "./seo";

afterEach(cleanup);

const metaContent = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute("content");

describe("pageHead", () => {
  it("gives every page its title, description, keywords and social title and description", () => {
    const head = pageHead("/pricing", "https://harborline.example");
    const meta = pageMeta["/pricing"];
    expect(head.title).toBe(meta.title);
    expect(head.canonical).toBe("https://harborline.example/pricing");
    expect(head.meta).toEqual(
      expect.arrayContaining([
        { name: "description", content: meta.description },
        { name: "keywords", content: meta.keywords.join(", ") },
        { property: "og:title", content: meta.title },
        { property: "og:description", content: meta.description },
        { property: "og:url", content: "https://harborline.example/pricing" },
        { property: "og:image", content: "https://harborline.example/og-image.png" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
  });

  it("gives the not-found page no canonical address and keeps it out of search", () => {
    const head = pageHead("not-found", "https://harborline.example");
    expect(head.canonical).toBeUndefined();
    expect(head.meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("escapes the tags for the prerender", () => {
    const html = pageHeadToHtml({ title: "A & B", meta: [{ name: "x", content: '"<y>"' }] });
    expect(html).toBe(
      '<title>A &amp; B</title>\n<meta name="x" content="&quot;&lt;y&gt;&quot;" />',
    );
  });
});

describe("<Seo>", () => {
  it("applies the page's head tags and drops noindex on the next page", () => {
    const { rerender } = render(<Seo page="not-found" />);
    expect(document.title).toBe(pageMeta["not-found"].title);
    expect(metaContent('meta[name="robots"]')).toBe("noindex");

    rerender(<Seo page="/about" />);
    expect(document.title).toBe(pageMeta["/about"].title);
    expect(metaContent('meta[name="description"]')).toBe(pageMeta["/about"].description);
    expect(metaContent('meta[property="og:title"]')).toBe(pageMeta["/about"].title);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${window.location.origin}/about`,
    );
  });
});
