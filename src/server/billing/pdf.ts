import { invoiceTerms } from "@content/billing";
import { paymentMethodLabels, type CreditNote, type InvoiceDetail } from "@shared/schemas/billing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import {
  contentWidth,
  facts,
  paragraph,
  renderPdf,
  sectionHeading,
  subheading,
} from "../documents/pdf";
import {
  headline,
  summaryBox,
  summaryHeight,
  table,
  titleBlock,
  type SummaryRow,
} from "../documents/pdf-blocks";

const statusLine: Record<InvoiceDetail["status"], string> = {
  draft: "Draft, not issued",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

/** The day a document is dated by, as the PDF's own date: the same invoice, the same bytes. */
const dayDate = (day: string | null | undefined) =>
  day ? new Date(`${day.slice(0, 10)}T12:00:00.000Z`) : undefined;

/** What the top of the invoice says matters most: what is due and when, or that it is settled. */
function invoiceHeadline(invoice: InvoiceDetail): string | null {
  if (invoice.status === "paid") return `${formatMoney(invoice.totalCents)} paid`;
  if (invoice.status !== "open" || invoice.balanceCents <= 0) return null;
  const due = !invoice.dueDate
    ? " due"
    : invoice.overdue
      ? ` overdue since ${formatCalendarDate(invoice.dueDate)}`
      : ` due ${formatCalendarDate(invoice.dueDate)}`;
  return `${formatMoney(invoice.balanceCents)}${due}`;
}

/**
 * An invoice as a PDF, in the documents' frame: number, dates and status beside who it is billed
 * to (the company and its billing address), the lines, the totals box under the amounts, what
 * was paid, then how to pay (bank transfer and check when cards are not taken).
 */
export function invoicePdf(invoice: InvoiceDetail, billingAddress: string | null): Promise<Buffer> {
  const title = invoice.number ? `Invoice ${invoice.number}` : "Draft invoice";
  const due = invoiceHeadline(invoice);
  return renderPdf(
    {
      title,
      footer: due ? `${title} · ${due}` : title,
      date: dayDate(invoice.issueDate ?? invoice.createdAt),
    },
    (doc) => {
      titleBlock(doc, {
        title: "Invoice",
        facts: [
          ["Invoice number", invoice.number ?? "Draft"],
          ["Status", invoice.overdue ? "Overdue" : statusLine[invoice.status]],
          ["Date of issue", invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "Not yet"],
          ["Date due", invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "On issue"],
          ...(invoice.periodStart && invoice.periodEnd
            ? ([
                [
                  "Period",
                  `${formatCalendarDate(invoice.periodStart)} to ${formatCalendarDate(invoice.periodEnd)}`,
                ],
              ] as [string, string][])
            : []),
        ],
        party: { label: "Bill to", name: invoice.companyName, address: billingAddress },
      });
      if (due) headline(doc, due);

      const totals: SummaryRow[] = [
        { label: "Subtotal", value: formatMoney(invoice.subtotalCents) },
        { label: `Tax (${invoice.taxRatePercent}%)`, value: formatMoney(invoice.taxCents) },
        { label: "Total", value: formatMoney(invoice.totalCents), strong: true },
      ];
      if (invoice.paidCents !== 0)
        totals.push({ label: "Paid", value: formatMoney(-invoice.paidCents) });
      if (invoice.creditedCents !== 0)
        totals.push({ label: "Credited", value: formatMoney(-invoice.creditedCents) });
      totals.push({ label: "Balance due", value: formatMoney(invoice.balanceCents), strong: true });
      // The totals box is not left alone on a page: the last line goes with it.
      const layout = table(
        doc,
        [
          { header: "Description", width: 52 },
          { header: "Qty", width: 9, align: "right" },
          { header: "Unit price", width: 19, align: "right" },
          { header: "Amount", width: 20, align: "right" },
        ],
        invoice.lines.map((line) => [
          line.description,
          String(line.quantity),
          formatMoney(line.unitPriceCents),
          formatMoney(line.amountCents),
        ]),
        { keepWithLast: summaryHeight(totals.length) },
      );
      summaryBox(doc, layout, totals);

      const received = invoice.payments.filter((payment) => payment.status === "succeeded");
      if (received.length > 0) {
        sectionHeading(doc, "Payments");
        table(
          doc,
          [
            { header: "Date", width: 25 },
            { header: "Method", width: 25 },
            { header: "Reference", width: 30 },
            { header: "Amount", width: 20, align: "right" },
          ],
          received.map((payment) => [
            formatCalendarDate(payment.paidOn),
            payment.kind === "refund" ? "Refund" : paymentMethodLabels[payment.method],
            payment.reference ?? "",
            formatMoney(payment.kind === "refund" ? -payment.amountCents : payment.amountCents),
          ]),
        );
      }

      if (invoice.memo) {
        sectionHeading(doc, "Notes");
        paragraph(doc, invoice.memo);
      }

      if (invoice.offlinePayment && invoice.balanceCents > 0 && invoice.status === "open") {
        sectionHeading(doc, "How to pay", { keepWith: 80 });
        // Two columns: by bank transfer on the left, by check on the right.
        const left = doc.page.margins.left;
        const half = contentWidth(doc) / 2;
        const top = doc.y;
        subheading(doc, "By bank transfer");
        facts(
          doc,
          invoice.offlinePayment.bankTransfer.map(({ label, value }) => [label, value]),
          { width: half - 12, labelWidth: 110 },
        );
        const bankBottom = doc.y;
        doc.y = top;
        subheading(doc, "By check", { x: left + half });
        facts(
          doc,
          [
            ["Payable to", invoice.offlinePayment.check.payableTo],
            ["Mail to", invoice.offlinePayment.check.address],
          ],
          { x: left + half, width: half, labelWidth: 70 },
        );
        doc.y = Math.max(doc.y, bankBottom);
      } else if (invoice.payableByCard) {
        sectionHeading(doc, "How to pay");
        paragraph(doc, "Pay by card in your client portal: open the invoice and choose Pay now.");
      }
      doc.moveDown(0.8);
      paragraph(doc, invoiceTerms, { muted: true });
    },
  );
}

/**
 * A credit note as a PDF: its number, date and the invoice it credits beside who it is issued
 * to, what was given back and how. Nothing on it changes after it is issued.
 */
export function creditNotePdf(
  note: CreditNote,
  invoice: Pick<InvoiceDetail, "number" | "companyName" | "totalCents">,
  billingAddress: string | null,
): Promise<Buffer> {
  const title = `Credit note ${note.number}`;
  return renderPdf({ title, footer: title, date: dayDate(note.issueDate) }, (doc) => {
    titleBlock(doc, {
      title: "Credit note",
      facts: [
        ["Number", note.number],
        ["Date of issue", formatCalendarDate(note.issueDate)],
        ["Credits invoice", invoice.number ?? ""],
        [
          "Refunded by",
          `${paymentMethodLabels[note.method]}${note.reference ? ` (ref. ${note.reference})` : ""}`,
        ],
        ...(note.reason ? ([["Reason", note.reason]] as [string, string][]) : []),
      ],
      party: { label: "Issued to", name: invoice.companyName, address: billingAddress },
    });
    headline(doc, `${formatMoney(note.amountCents)} credited`);
    const layout = table(
      doc,
      [
        { header: "Description", width: 75 },
        { header: "Amount", width: 25, align: "right" },
      ],
      [[`Refund on invoice ${invoice.number ?? ""}`, formatMoney(-note.amountCents)]],
    );
    summaryBox(doc, layout, [
      { label: `Invoice ${invoice.number ?? ""} total`, value: formatMoney(invoice.totalCents) },
      { label: "Total credited", value: formatMoney(note.amountCents), strong: true },
    ]);
  });
}
