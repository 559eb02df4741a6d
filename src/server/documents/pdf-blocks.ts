import { addressLines } from "@shared/schemas/billing";
import {
  bodyBottom,
  bodyText,
  COLOR,
  contentWidth,
  FONT,
  keepTogether,
  type PdfDocument,
} from "./pdf";

/**
 * The blocks every document is made of, in the frame of pdf.ts: the title with its facts and
 * who it is for, a table whose long runs break across pages with the header repeated, and the
 * totals in a box aligned with the table's amounts.
 */

/** Who a document is for: "Bill to", the company's name and its billing address as entered. */
export type Party = { label: string; name: string; address?: string | null };

const CELL_PADDING = 5;

/**
 * The top of a document: its title in Fraunces, then its facts (number, dates, status) on the
 * left and who it is for on the right, as an invoice from Stripe lays them out.
 */
export function titleBlock(
  doc: PdfDocument,
  block: { title: string; facts: [string, string][]; party?: Party },
) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc
    .font(FONT.heading)
    .fontSize(24)
    .fillColor(COLOR.ink)
    .text(block.title, left, doc.y, { width });
  doc.moveDown(0.4);
  const top = doc.y;

  const labelWidth = 104;
  const factsWidth = width * 0.56;
  let y = top;
  for (const [label, value] of block.facts) {
    doc.font(FONT.strong).fontSize(9.5);
    const valueHeight = doc.heightOfString(value || " ", { width: factsWidth - labelWidth });
    doc.font(FONT.text);
    const height = Math.max(valueHeight, doc.heightOfString(label, { width: labelWidth - 6 }));
    doc.fillColor(COLOR.muted).text(label, left, y, { width: labelWidth - 6 });
    doc
      .font(FONT.strong)
      .fillColor(COLOR.ink)
      .text(value, left + labelWidth, y, { width: factsWidth - labelWidth });
    y += height + 3;
  }

  let partyBottom = top;
  if (block.party) {
    const x = left + width * 0.6;
    const partyWidth = width * 0.4;
    doc
      .font(FONT.strong)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(block.party.label.toUpperCase(), x, top, { width: partyWidth, characterSpacing: 0.6 });
    doc.moveDown(0.2);
    doc.font(FONT.strong).fontSize(9.5).fillColor(COLOR.ink).text(block.party.name, x, doc.y, {
      width: partyWidth,
    });
    doc.font(FONT.text);
    for (const line of addressLines(block.party.address))
      doc.text(line, x, doc.y, { width: partyWidth });
    partyBottom = doc.y;
  }
  doc.y = Math.max(y, partyBottom);
  doc.moveDown(0.6);
  bodyText(doc);
}

/** A line that says what matters most, large: "$632.17 due Nov 15, 2026". */
export function headline(doc: PdfDocument, text: string) {
  doc.moveDown(0.4);
  doc
    .font(FONT.heading)
    .fontSize(15)
    .fillColor(COLOR.ink)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
  bodyText(doc);
}

export type TableColumn = { header: string; width: number; align?: "left" | "right" };
/** Where a table's columns are, for what lines up with them (the totals box). */
export type TableLayout = { lefts: number[]; widths: number[] };

/** Figures in columns: Inter's tabular digits, so amounts line up digit under digit. */
const tabular = ["tnum"] as PDFKit.Mixins.OpenTypeFeatures[];

/**
 * A table: a header row, then rows whose cells wrap within their column. A row that does not
 * fit goes to the next page, with the header repeated above it; so does the last row when
 * `keepWithLast` points (the totals box's height) do not fit under it. Widths are shares of the
 * content width; right-aligned columns are set in tabular figures.
 */
export function table(
  doc: PdfDocument,
  columns: TableColumn[],
  rows: string[][],
  options: { keepWithLast?: number } = {},
): TableLayout {
  const left = doc.page.margins.left;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * contentWidth(doc));
  const lefts = widths.map((_, i) => left + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  const right = left + contentWidth(doc);

  const cellOptions = (i: number) => ({
    width: widths[i]! - 2 * CELL_PADDING,
    align: columns[i]!.align ?? "left",
    ...(columns[i]!.align === "right" ? { features: tabular } : {}),
  });
  const height = (cells: string[], font: string, size: number) => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || " ", cellOptions(i))));
  };
  const header = () => {
    const top = doc.y;
    const cells = columns.map((column) => column.header);
    const rowHeight = height(cells, FONT.strong, 8) + 2 * CELL_PADDING - 2;
    doc.font(FONT.strong).fontSize(8).fillColor(COLOR.muted);
    cells.forEach((cell, i) =>
      doc.text(cell, lefts[i]! + CELL_PADDING, top + CELL_PADDING - 1, cellOptions(i)),
    );
    doc
      .moveTo(left, top + rowHeight)
      .lineTo(right, top + rowHeight)
      .lineWidth(0.75)
      .strokeColor(COLOR.ink)
      .stroke();
    doc.y = top + rowHeight;
  };
  const row = (cells: string[], keepWith = 0) => {
    const rowHeight = height(cells, FONT.text, 9.5) + 2 * CELL_PADDING;
    if (doc.y + rowHeight + keepWith > bodyBottom(doc)) {
      doc.addPage();
      header();
    }
    const top = doc.y;
    doc.font(FONT.text).fontSize(9.5).fillColor(COLOR.ink);
    cells.forEach((cell, i) =>
      doc.text(cell, lefts[i]! + CELL_PADDING, top + CELL_PADDING, cellOptions(i)),
    );
    doc
      .moveTo(left, top + rowHeight)
      .lineTo(right, top + rowHeight)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.y = top + rowHeight;
  };

  keepTogether(doc, 60);
  header();
  rows.forEach((cells, i) => row(cells, i === rows.length - 1 ? (options.keepWithLast ?? 0) : 0));
  bodyText(doc);
  return { lefts, widths };
}

export type SummaryRow = { label: string; value: string; strong?: boolean };

const SUMMARY_LINE = 17;
/** The height a totals box of `rows` takes, with its space above: what a table keeps with it. */
export const summaryHeight = (rows: number) => rows * SUMMARY_LINE + 22;

/**
 * The totals under a table, in a shaded box on its right: labels on the left of the box,
 * amounts right-aligned exactly under the table's last column. The box stays on one page.
 */
export function summaryBox(doc: PdfDocument, layout: TableLayout, rows: SummaryRow[]) {
  const right = doc.page.margins.left + contentWidth(doc);
  const n = layout.lefts.length;
  const boxLeft = Math.min(layout.lefts[Math.max(1, n - 3)]!, right - 240);
  const boxWidth = right - boxLeft;
  const lineHeight = SUMMARY_LINE;
  const height = rows.length * lineHeight + 10;
  doc.moveDown(0.6);
  keepTogether(doc, height);
  const top = doc.y;
  doc.rect(boxLeft, top, boxWidth, height).fillColor(COLOR.paper).fill();
  let y = top + 5;
  rows.forEach((row, i) => {
    if (row.strong && i > 0)
      doc
        .moveTo(boxLeft + CELL_PADDING, y)
        .lineTo(right - CELL_PADDING, y)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
    doc
      .font(row.strong ? FONT.strong : FONT.text)
      .fontSize(row.strong ? 10.5 : 9.5)
      .fillColor(row.strong ? COLOR.ink : COLOR.muted)
      .text(row.label, boxLeft + 10, y + 5, { width: boxWidth * 0.6, lineBreak: false });
    doc.fillColor(COLOR.ink).text(row.value, boxLeft, y + 5, {
      width: boxWidth - CELL_PADDING,
      align: "right",
      lineBreak: false,
      features: tabular,
    });
    y += lineHeight;
  });
  doc.y = top + height;
  doc.moveDown(0.4);
  bodyText(doc);
}
