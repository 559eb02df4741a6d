import { bodyText, COLOR, contentWidth, FONT, keepTogether, type PdfDocument } from "./pdf";

/**
 * Charts drawn as vectors in the documents' frame (the monthly report's uptime, response times,
 * visits): pdfkit paths from arrays of numbers, not pictures, so they print sharp and weigh a
 * few hundred bytes. A chart takes the content width at the current position and moves below.
 */

export type ChartSeries = { name: string; values: number[]; color?: string };
export type ChartOptions = {
  /** One label a point or a group of bars: days, months, pages. */
  labels: string[];
  series: ChartSeries[];
  /** The plot's height in points (the labels and legend come on top of it). */
  height?: number;
  /** How the axis and the bars' values read: formatPercent, formatMoney, ... */
  format?: (value: number) => string;
  /** The smallest the axis may end at (100 for percentages); the data's top otherwise. */
  max?: number;
};

/** The series' colours in order: the brand's gold, then ink, then a muted grey. */
export const SERIES_COLORS = [COLOR.gold, COLOR.ink, "#a8a29a"] as const;

const AXIS_WIDTH = 44;
const LABEL_SIZE = 7.5;

/** The axis' top: a round number at or above the data, so its four steps read well. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((m) => m >= rough)!;
  return step * 4;
}

type Plot = { left: number; top: number; width: number; height: number; max: number };

/** The legend (when more than one series), the grid and the axis' values; the plot's place. */
function frame(doc: PdfDocument, options: ChartOptions): Plot {
  const height = options.height ?? 120;
  const legend = options.series.length > 1 ? 16 : 0;
  keepTogether(doc, legend + height + 28);
  const left = doc.page.margins.left + AXIS_WIDTH;
  const width = contentWidth(doc) - AXIS_WIDTH;
  const format = options.format ?? ((value: number) => String(value));
  const all = options.series.flatMap((series) => series.values).filter(Number.isFinite);
  const max = niceMax(Math.max(options.max ?? 0, ...all, 0));

  if (legend) {
    let x = left;
    const y = doc.y;
    doc.font(FONT.text).fontSize(LABEL_SIZE);
    options.series.forEach((series, i) => {
      doc
        .rect(x, y + 1.5, 8, 8)
        .fillColor(seriesColor(series, i))
        .fill();
      doc.fillColor(COLOR.muted).text(series.name, x + 12, y + 2, { lineBreak: false });
      x += 12 + doc.widthOfString(series.name) + 16;
    });
    doc.y = y + legend;
  }
  const top = doc.y + 4;
  doc.font(FONT.text).fontSize(LABEL_SIZE).fillColor(COLOR.muted);
  for (let step = 0; step <= 4; step++) {
    const y = top + height - (height * step) / 4;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(step === 0 ? 0.75 : 0.4)
      .strokeColor(step === 0 ? COLOR.ink : COLOR.rule)
      .stroke();
    doc.fillColor(COLOR.muted).text(format((max * step) / 4), left - AXIS_WIDTH, y - 3.5, {
      width: AXIS_WIDTH - 6,
      align: "right",
      lineBreak: false,
    });
  }
  return { left, top, width, height, max };
}

const seriesColor = (series: ChartSeries, i: number) =>
  series.color ?? SERIES_COLORS[i % SERIES_COLORS.length]!;

/** The labels under the plot, centred on their slots, thinned to fit: at most one each 36 pt. */
function xLabels(doc: PdfDocument, plot: Plot, labels: string[], centres: number[]) {
  const slot = plot.width / Math.max(labels.length, 1);
  const every = Math.max(1, Math.ceil(36 / slot));
  doc.font(FONT.text).fontSize(LABEL_SIZE).fillColor(COLOR.muted);
  const width = Math.max(slot * every, 36);
  labels.forEach((label, i) => {
    if (i % every !== 0) return;
    doc.text(label, centres[i]! - width / 2, plot.top + plot.height + 4, {
      width,
      align: "center",
      lineBreak: false,
      ellipsis: true,
    });
  });
  doc.y = plot.top + plot.height + 18;
  bodyText(doc);
}

/**
 * Bars, grouped by label, one bar a series: each bar's height is its value on an axis from
 * zero. A missing or negative value draws no bar.
 */
export function barChart(doc: PdfDocument, options: ChartOptions) {
  const plot = frame(doc, options);
  const count = options.labels.length;
  const slot = plot.width / Math.max(count, 1);
  const groupWidth = slot * 0.7;
  const barWidth = groupWidth / Math.max(options.series.length, 1);
  const centres = options.labels.map((_, i) => plot.left + slot * i + slot / 2);
  options.series.forEach((series, s) => {
    doc.fillColor(seriesColor(series, s));
    series.values.slice(0, count).forEach((value, i) => {
      if (!(value > 0)) return;
      const height = (value / plot.max) * plot.height;
      const x = centres[i]! - groupWidth / 2 + s * barWidth;
      doc.rect(x, plot.top + plot.height - height, barWidth * 0.9, height).fill();
    });
  });
  xLabels(doc, plot, options.labels, centres);
}

/**
 * Lines, one a series, through a point a label, on an axis from zero. A missing value (NaN)
 * breaks the line: a day with no data is not drawn as zero.
 */
export function lineChart(doc: PdfDocument, options: ChartOptions) {
  const plot = frame(doc, options);
  const count = options.labels.length;
  const step = count > 1 ? plot.width / (count - 1) : 0;
  const xs = options.labels.map((_, i) =>
    count > 1 ? plot.left + step * i : plot.left + plot.width / 2,
  );
  options.series.forEach((series, s) => {
    let drawing = false;
    series.values.slice(0, count).forEach((value, i) => {
      if (!Number.isFinite(value)) {
        drawing = false;
        return;
      }
      const y = plot.top + plot.height - (Math.max(value, 0) / plot.max) * plot.height;
      if (drawing) doc.lineTo(xs[i]!, y);
      else doc.moveTo(xs[i]!, y);
      drawing = true;
    });
    doc.lineWidth(1.5).lineJoin("round").strokeColor(seriesColor(series, s)).stroke();
  });
  xLabels(doc, plot, options.labels, xs);
}
