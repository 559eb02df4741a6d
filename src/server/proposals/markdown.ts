import MarkdownIt from "markdown-it";

/**
 * The one Markdown renderer of proposals (decision 007): raw HTML off, so anything that looks
 * like a tag is escaped, and markdown-it's own link check refuses `javascript:`, `vbscript:`,
 * `file:` and `data:` links (they stay text). Links open as links; nothing else is added.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** A scope written in Markdown, as safe HTML. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The same Markdown parsed into blocks of plain text, for a PDF: headings, paragraphs, lists. */
export type TextBlock =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "item"; depth: number; marker: string; text: string };

export function markdownBlocks(source: string): TextBlock[] {
  const tokens = markdown.parse(source, {});
  const blocks: TextBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let heading: number | undefined;
  let inItem = 0;
  let itemStarted = false;
  for (const token of tokens) {
    switch (token.type) {
      case "heading_open":
        heading = Number(token.tag.slice(1));
        break;
      case "heading_close":
        heading = undefined;
        break;
      case "bullet_list_open":
        lists.push({ ordered: false, next: 1 });
        break;
      case "ordered_list_open":
        lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1) });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open":
        inItem += 1;
        itemStarted = false;
        break;
      case "list_item_close":
        inItem -= 1;
        break;
      case "fence":
      case "code_block":
        blocks.push({ kind: "paragraph", text: token.content.replace(/\n$/, "") });
        break;
      case "inline": {
        const text = inlineText(token.children ?? []);
        if (heading !== undefined) {
          blocks.push({ kind: "heading", level: heading, text });
        } else if (inItem > 0 && !itemStarted) {
          const list = lists.at(-1);
          const marker = list?.ordered ? `${list.next++}.` : "•";
          blocks.push({ kind: "item", depth: Math.max(lists.length - 1, 0), marker, text });
          itemStarted = true;
        } else {
          blocks.push({ kind: "paragraph", text });
        }
        break;
      }
    }
  }
  return blocks;
}

/** An inline run as plain text: a link keeps its text and shows where it goes. */
type Token = ReturnType<typeof markdown.parse>[number];

function inlineText(children: Token[]): string {
  let text = "";
  let href: string | number | null = null;
  for (const child of children) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "softbreak") text += " ";
    else if (child.type === "hardbreak") text += "\n";
    else if (child.type === "image") text += child.content;
    else if (child.type === "link_open") href = child.attrGet("href");
    else if (child.type === "link_close" && href) {
      text += ` (${String(href)})`;
      href = null;
    }
  }
  return text;
}
