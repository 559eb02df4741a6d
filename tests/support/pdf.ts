import { inflateSync } from "node:zlib";
import { PDFParse } from "pdf-parse";

/** A PDF's text, read back as a reader would copy it. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Each page's text, first page first. */
export async function pdfPages(bytes: Buffer | Uint8Array): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

/**
 * The fonts a PDF uses, as a reader's font list names them without the subset tag
 * ("ABCDEF+Inter-Regular" is "Inter-Regular"), each once, sorted; `embedded` says which carry
 * their font file.
 */
export function pdfFonts(bytes: Buffer | Uint8Array): { name: string; embedded: boolean }[] {
  const source = Buffer.from(bytes).toString("latin1");
  const fonts = new Map<string, boolean>();
  for (const match of source.matchAll(/\/FontName\s*\/(?:[A-Z]{6}\+)?([^\s/<>[\]()]+)/g))
    fonts.set(match[1]!, true);
  for (const match of source.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([^\s/<>[\]()]+)/g))
    if (!fonts.has(match[1]!)) fonts.set(match[1]!, false);
  return [...fonts]
    .map(([name, embedded]) => ({ name, embedded }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The drawing operators of a PDF's pages (its compressed content streams, inflated), for tests
 * that check what was drawn as vectors: "10 20 30 40 re", "f", "100 200 m", "110 180 l", "S".
 */
export function pdfContentStreams(bytes: Buffer | Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const source = buffer.toString("latin1");
  const streams: string[] = [];
  for (const match of source.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    if (!/\/FlateDecode/.test(match[1]!) || /\/Length1|\/Subtype/.test(match[1]!)) continue;
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    try {
      const text = inflateSync(buffer.subarray(start, end)).toString("latin1");
      if (/\b(?:BT|re|cm)\b/.test(text)) streams.push(text);
    } catch {
      // Not a stream of drawing operators.
    }
  }
  return streams;
}
