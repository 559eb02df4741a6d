import { describe, expect, it } from "vitest";
import { markdownBlocks, renderMarkdown } from "./markdown";

describe("the scope's Markdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Pages\n\n- Home\n- [Menu](https://example.com/menu)\n");
    expect(html).toContain("<h2>Pages</h2>");
    expect(html).toContain("<li>Home</li>");
    expect(html).toContain('<a href="https://example.com/menu">Menu</a>');
  });

  it("escapes a script tag instead of passing it through", () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("does not make a javascript: link a link", () => {
    const html = renderMarkdown("[click me](javascript:alert(1)) and [data](data:text/html,hi)");
    expect(html).not.toContain("<a");
    expect(html).not.toMatch(/href=/);
  });

  it("reads as blocks of plain text for a PDF", () => {
    expect(
      markdownBlocks("# Scope\n\nWe build **five** pages:\n\n1. Home\n2. About\n\n- Blog"),
    ).toEqual([
      { kind: "heading", level: 1, text: "Scope" },
      { kind: "paragraph", text: "We build five pages:" },
      { kind: "item", depth: 0, marker: "1.", text: "Home" },
      { kind: "item", depth: 0, marker: "2.", text: "About" },
      { kind: "item", depth: 0, marker: "•", text: "Blog" },
    ]);
  });
});
