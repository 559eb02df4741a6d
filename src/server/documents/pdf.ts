import type {} from "pdfkit";
import { brand, contact } from "@content/site";

/**
 * The agency's documents as PDF (decision 007: pdfkit, the standard fonts, nothing native): a
 * page with the brand's header and a footer, and a simple table. Amounts and dates are written
 * with the site's own formats (shared/format.ts), as on screen and in emails.
 */
export type PdfDocument = PDFKit.PDFDocument;
export type PageSize = "A4" | "LETTER";

const INK = "#1c1c1e";
const MUTED = "#6b6b70";
const RULE = "#d9d6cf";
const MARGIN = 50;

function drawHeader(doc: PdfDocument) {
  const { left, right, top } = doc.page.margins;
  const width = doc.page.width - left - right;
  doc.save();
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor(INK)
    .text(brand.name, left, top - 20, {
      width,
      lineBreak: false,
    });
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(MUTED)
    .text(`${contact.email} · ${contact.phone} · ${contact.office}`, left, top - 16, {
      width,
      align: "right",
      lineBreak: false,
    });
  doc
    .moveTo(left, top + 4)
    .lineTo(left + width, top + 4)
    .lineWidth(2)
    .strokeColor(brand.color)
    .stroke();
  doc.restore();
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  doc.x = left;
  doc.y = top + 20;
}

/**
 * Builds a branded document and resolves with its bytes. `draw` writes the body from the top of
 * the first page; every page gets the brand's header, and the footer says "page N of M".
 */
export async function renderPdf(
  options: { title: string; size?: PageSize; footer?: string },
  draw: (doc: PdfDocument) => void,
): Promise<Buffer> {
  // pdfkit, with its fonts and line breaking, costs about a quarter of a second of CPU to load:
  // it loads with the first document asked for, not at every start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: options.size ?? "LETTER",
    margins: { top: MARGIN + 20, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: options.title, Author: brand.name, Creator: brand.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.on("pageAdded", () => drawHeader(doc));
  drawHeader(doc);
  try {
    draw(doc);
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const { left, right } = doc.page.margins;
      const text = [options.footer ?? brand.name, `Page ${i + 1} of ${range.count}`].join(" · ");
      doc
        .font("Helvetica")
        .fontSize(8)
        .fillColor(MUTED)
        .text(text, left, doc.page.height - MARGIN, {
          width: doc.page.width - left - right,
          align: "center",
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  } catch (error) {
    doc.end();
    throw error;
  }
  return done;
}

/** The width between the margins. */
export function contentWidth(doc: PdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** A heading of a section. */
export function sectionHeading(doc: PdfDocument, text: string) {
  doc.moveDown(0.8);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(text, doc.page.margins.left);
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10);
}

/** Label and value pairs, one a line: "Client: Rivera Bakery". */
export function facts(doc: PdfDocument, rows: [string, string][]) {
  for (const [label, value] of rows) {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor(INK)
      .text(`${label}: `, doc.page.margins.left, doc.y, { continued: true })
      .font("Helvetica")
      .text(value);
  }
}

export type TableColumn = { header: string; width: number; align?: "left" | "right" };

/**
 * A simple table: a header row, then rows whose cells wrap within their column; a row that does
 * not fit goes to the next page with the header again. Widths are shares of the content width.
 */
export function table(doc: PdfDocument, columns: TableColumn[], rows: string[][]) {
  const left = doc.page.margins.left;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * contentWidth(doc));
  const padding = 4;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(9);
    return Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * padding })),
    );
  };
  const drawRow = (cells: string[], font: string, color: string) => {
    const height = rowHeight(cells, font) + 2 * padding;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (font !== "Helvetica-Bold")
        drawRow(
          columns.map((c) => c.header),
          "Helvetica-Bold",
          MUTED,
        );
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(9)
        .fillColor(color)
        .text(cell, x + padding, top + padding, {
          width: widths[i]! - 2 * padding,
          align: columns[i]!.align ?? "left",
        });
      x += widths[i]!;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + contentWidth(doc), top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };

  drawRow(
    columns.map((column) => column.header),
    "Helvetica-Bold",
    MUTED,
  );
  for (const row of rows) drawRow(row, "Helvetica", INK);
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  doc.moveDown(0.5);
}
