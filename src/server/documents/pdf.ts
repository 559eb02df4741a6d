import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Font } from "fontkit";
import type {} from "pdfkit";
import { brand, contact } from "@content/site";

/**
 * The agency's documents as PDF, one frame for all of them (invoices, credit notes, proposals,
 * the monthly report): pdfkit (decision 007) with the site's own typefaces embedded as subsets,
 * Inter for text and Fraunces for headings, the logo drawn as vectors, a header with the
 * agency's details and a footer numbering the pages "Page N of M". Amounts and dates are
 * written with shared/format.ts, as on screen and in emails. The parts a document is built of
 * (title block, table, totals box, charts) are in the files beside this one.
 */
export type PdfDocument = PDFKit.PDFDocument;
export type PageSize = "A4" | "LETTER";

/** The documents' typefaces, as registered in every document. */
export const FONT = {
  text: "Inter",
  strong: "Inter-SemiBold",
  heading: "Fraunces-SemiBold",
} as const;

/** The site's palette (src/client/styles.css): ink for text, the brand's gold for the marks. */
export const COLOR = {
  ink: "#1e1e22",
  muted: "#5c5a55",
  rule: "#d6d4ce",
  /** The summary box and the table's header band. */
  paper: "#f6f4ee",
  gold: brand.color,
  /** Gold dark enough to read as text on white (gold-700). */
  goldText: "#7a5f16",
} as const;

const MARGIN = 54;
const HEADER_HEIGHT = 58;
const FOOTER_HEIGHT = 34;

const fontFiles: Record<(typeof FONT)[keyof typeof FONT], string> = {
  Inter: "Inter-Regular.ttf",
  "Inter-SemiBold": "Inter-SemiBold.ttf",
  "Fraunces-SemiBold": "Fraunces-SemiBold.ttf",
};
let parsedFonts: Promise<Map<string, Font>> | undefined;

/**
 * The fonts, read and parsed once per process: beside this module in the sources, and beside
 * the bundle's chunks in a build (scripts/build.ts copies them to dist/server/fonts). Parsing
 * Inter's tables costs more than drawing a whole invoice, so every document shares the parsed
 * fonts (pdfkit takes fontkit's font in place of the file) and embeds its own subset of them.
 */
function fonts(): Promise<Map<string, Font>> {
  parsedFonts ??= import("fontkit").then(({ create }) => {
    const folder = fileURLToPath(new URL("./fonts/", import.meta.url));
    return new Map(
      Object.entries(fontFiles).map(([name, file]) => [
        name,
        withLayoutCache(create(readFileSync(folder + file))),
      ]),
    );
  });
  return parsedFonts;
}

/** Words whose shaping a font keeps between documents (then it starts afresh). */
const LAYOUTS_KEPT = 2_000;

type Run = { positions: object[] };
const copyOf = <T extends object>(value: T): T =>
  Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value);

/**
 * Shaping a word (Inter's substitutions and kerning) is most of a document's CPU, and pdfkit
 * keeps the words it shaped for one document only: the font keeps them for every document.
 * pdfkit scales a run's positions in place, so each document gets its own copy of them.
 */
function withLayoutCache(font: Font): Font {
  const shape = font.layout.bind(font);
  const runs = new Map<string, Run>();
  font.layout = (text, features) => {
    if (features !== undefined) return shape(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = shape(text) as Run;
      runs.set(text, run);
    }
    return Object.assign(copyOf(run), { positions: run.positions.map(copyOf) });
  };
  return font;
}

/** The Harborline mark (components/logo.tsx: a ring, and an H whose crossbar is a wave). */
export function drawLogoMark(doc: PdfDocument, x: number, y: number, size: number) {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  doc.circle(16, 16, 14.5);
  doc.path("M11 9.5v13M21 9.5v13");
  doc.path("M7.5 17.25c2.83-2.1 5.67-2.1 8.5 0s5.67 2.1 8.5 0");
  doc.lineWidth(1.75).lineCap("round").strokeColor(COLOR.gold).stroke();
  doc.restore();
}

/** The width between the margins. */
export function contentWidth(doc: PdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y the body may write to on this page. */
export function bodyBottom(doc: PdfDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Goes to a new page unless `height` more points fit on this one. */
export function keepTogether(doc: PdfDocument, height: number) {
  if (doc.y + height > bodyBottom(doc)) doc.addPage();
}

/** The body's text style: Inter 9.5 in ink, back at the left margin. */
export function bodyText(doc: PdfDocument) {
  doc.font(FONT.text).fontSize(9.5).fillColor(COLOR.ink);
  doc.x = doc.page.margins.left;
}

function drawHeader(doc: PdfDocument, title: string, first: boolean) {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const top = MARGIN - 18;
  doc.save();
  drawLogoMark(doc, left, top, 26);
  doc
    .font(FONT.heading)
    .fontSize(17)
    .fillColor(COLOR.ink)
    .text(brand.name, left + 34, top + 5, { lineBreak: false });
  const { address } = contact;
  const lines = first
    ? [
        address.street,
        `${address.city}, ${address.region} ${address.postalCode}`,
        `${contact.email} · ${contact.phone}`,
      ]
    : [title];
  doc.font(FONT.text).fontSize(8).fillColor(COLOR.muted);
  lines.forEach((line, i) => {
    doc.text(line, left, top + (first ? 0 : 9) + i * 10, {
      width,
      align: "right",
      lineBreak: false,
    });
  });
  doc
    .moveTo(left, top + HEADER_HEIGHT - 20)
    .lineTo(left + width, top + HEADER_HEIGHT - 20)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.restore();
  bodyText(doc);
  doc.y = doc.page.margins.top;
}

function drawFooter(doc: PdfDocument, text: string, page: number, pages: number) {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const bottom = doc.page.margins.bottom;
  // Writing below the bottom margin would add a page: the footer is drawn with none.
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN + 8;
  doc
    .moveTo(left, y - 8)
    .lineTo(left + width, y - 8)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.font(FONT.text).fontSize(8).fillColor(COLOR.muted);
  doc.text(text, left, y, { width: width - 80, lineBreak: false, ellipsis: true });
  doc.text(`Page ${page} of ${pages}`, left, y, { width, align: "right", lineBreak: false });
  doc.page.margins.bottom = bottom;
}

export type DocumentOptions = {
  /** The document's title: the PDF's title, and the header of the pages after the first. */
  title: string;
  size?: PageSize;
  /** The footer's words beside the page number (the title when not given). */
  footer?: string;
  /**
   * When the document was made (written in the PDF's information and its file id): a document
   * drawn twice with the same content and date is the same bytes. Now when not given.
   */
  date?: Date;
};

/**
 * Builds a document in the agency's frame and resolves with its bytes. `draw` writes the body
 * from the top of the first page, below the header; every page gets the header and the footer.
 */
export async function renderPdf(
  options: DocumentOptions,
  draw: (doc: PdfDocument) => void,
): Promise<Buffer> {
  // pdfkit, with its fonts and line breaking, costs about a quarter of a second of CPU to load:
  // it loads with the first document asked for, not at every start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: options.size ?? "LETTER",
    margins: {
      top: MARGIN + HEADER_HEIGHT - 20,
      bottom: MARGIN + FOOTER_HEIGHT - 14,
      left: MARGIN,
      right: MARGIN,
    },
    bufferPages: true,
    info: {
      Title: options.title,
      Author: brand.name,
      Creator: brand.name,
      Producer: brand.name,
      CreationDate: options.date ?? new Date(),
    },
  });
  // pdfkit's types name only files and bytes; its font factory takes a parsed font as well.
  for (const [name, font] of await fonts())
    doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.on("pageAdded", () => drawHeader(doc, options.title, false));
  drawHeader(doc, options.title, true);
  try {
    draw(doc);
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      drawFooter(doc, options.footer ?? options.title, i + 1, range.count);
    }
    doc.end();
  } catch (error) {
    doc.end();
    throw error;
  }
  return done;
}

/**
 * A heading of a section, in Fraunces, kept on the page of what follows it: `keepWith` points
 * of it at least (about two lines unless told).
 */
export function sectionHeading(
  doc: PdfDocument,
  text: string,
  options: { keepWith?: number } = {},
) {
  doc.moveDown(0.9);
  keepTogether(doc, 24 + (options.keepWith ?? 28));
  doc
    .font(FONT.heading)
    .fontSize(12.5)
    .fillColor(COLOR.ink)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.35);
  bodyText(doc);
}

/** A small heading inside a section: "By bank transfer". */
export function subheading(doc: PdfDocument, text: string, options: { x?: number } = {}) {
  keepTogether(doc, 30);
  doc
    .font(FONT.strong)
    .fontSize(9.5)
    .fillColor(COLOR.ink)
    .text(text, options.x ?? doc.page.margins.left, doc.y);
  bodyText(doc);
}

/** A paragraph of body text across the content width; one of a few lines stays on one page. */
export function paragraph(doc: PdfDocument, text: string, options: { muted?: boolean } = {}) {
  bodyText(doc);
  const layout = { width: contentWidth(doc), lineGap: 1.5 };
  // A short paragraph is not split between two pages.
  const height = doc.heightOfString(text, layout);
  if (height < 60) keepTogether(doc, height);
  doc
    .fillColor(options.muted ? COLOR.muted : COLOR.ink)
    .text(text, doc.page.margins.left, doc.y, layout);
  bodyText(doc);
}

/**
 * Label and value pairs, one a line, the values in a column: "Account   000123456". A value
 * wraps within its column; `x` and `width` place the list in a column of the page.
 */
export function facts(
  doc: PdfDocument,
  rows: [string, string][],
  options: { x?: number; width?: number; labelWidth?: number } = {},
) {
  const x = options.x ?? doc.page.margins.left;
  const labelWidth = options.labelWidth ?? 118;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const valueWidth = width - labelWidth;
  for (const [label, value] of rows) {
    doc.font(FONT.text).fontSize(9.5);
    const height = Math.max(doc.heightOfString(value || " ", { width: valueWidth }), 12);
    keepTogether(doc, height);
    const top = doc.y;
    doc.fillColor(COLOR.muted).text(label, x, top, { width: labelWidth - 8 });
    doc.fillColor(COLOR.ink).text(value, x + labelWidth, top, { width: valueWidth });
    doc.y = top + height + 2;
  }
  bodyText(doc);
}
