import { invoiceTerms } from "@content/billing";
import { paymentMethodLabels, type CreditNote, type InvoiceDetail } from "@shared/schemas/billing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import { facts, renderPdf, sectionHeading, table } from "../documents/pdf";

const statusLine: Record<InvoiceDetail["status"], string> = {
  draft: "Draft, not issued",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

/**
 * An invoice as a PDF: number, client, dates, the lines, subtotal, tax and total, what was paid
 * and the balance, then how to pay (bank transfer and check when cards are not taken).
 */
export function invoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const title = invoice.number ? `Invoice ${invoice.number}` : "Draft invoice";
  return renderPdf({ title, footer: title }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(20).text(title);
    doc.moveDown(0.5);
    facts(doc, [
      ["Billed to", invoice.companyName],
      ["Status", statusLine[invoice.status]],
      ["Issued", invoice.issueDate ? formatCalendarDate(invoice.issueDate) : "Not yet"],
      ["Due", invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "On issue"],
      ...(invoice.periodStart && invoice.periodEnd
        ? ([
            [
              "Period",
              `${formatCalendarDate(invoice.periodStart)} to ${formatCalendarDate(invoice.periodEnd)}`,
            ],
          ] as [string, string][])
        : []),
    ]);

    sectionHeading(doc, "Charges");
    table(
      doc,
      [
        { header: "Description", width: 52 },
        { header: "Qty", width: 10, align: "right" },
        { header: "Unit price", width: 19, align: "right" },
        { header: "Amount", width: 19, align: "right" },
      ],
      invoice.lines.map((line) => [
        line.description,
        String(line.quantity),
        formatMoney(line.unitPriceCents),
        formatMoney(line.amountCents),
      ]),
    );
    facts(doc, [
      ["Subtotal", formatMoney(invoice.subtotalCents)],
      [`Tax (${invoice.taxRatePercent}%)`, formatMoney(invoice.taxCents)],
      ["Total", formatMoney(invoice.totalCents)],
      ["Paid", formatMoney(invoice.paidCents)],
      ["Balance due", formatMoney(invoice.balanceCents)],
    ]);

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
      doc.text(invoice.memo);
    }

    if (invoice.offlinePayment && invoice.balanceCents > 0 && invoice.status === "open") {
      sectionHeading(doc, "How to pay");
      doc.font("Helvetica-Bold").text("By bank transfer");
      doc.font("Helvetica");
      facts(
        doc,
        invoice.offlinePayment.bankTransfer.map(({ label, value }) => [label, value]),
      );
      doc.moveDown(0.4);
      doc.font("Helvetica-Bold").text("By check");
      doc.font("Helvetica");
      facts(doc, [
        ["Payable to", invoice.offlinePayment.check.payableTo],
        ["Mail to", invoice.offlinePayment.check.address],
      ]);
    } else if (invoice.payableByCard) {
      sectionHeading(doc, "How to pay");
      doc.text("Pay by card in your client portal: open the invoice and choose Pay now.");
    }
    doc.moveDown(0.8);
    doc.fontSize(9).text(invoiceTerms);
  });
}

/**
 * A credit note as a PDF: its number, the client, the invoice it credits, and what was given
 * back and how. Nothing on it changes after it is issued.
 */
export function creditNotePdf(
  note: CreditNote,
  invoice: Pick<InvoiceDetail, "number" | "companyName" | "totalCents">,
): Promise<Buffer> {
  const title = `Credit note ${note.number}`;
  return renderPdf({ title, footer: title }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(20).text(title);
    doc.moveDown(0.5);
    facts(doc, [
      ["Issued to", invoice.companyName],
      ["Date", formatCalendarDate(note.issueDate)],
      ["Credits invoice", invoice.number ?? ""],
      [
        "Refunded by",
        `${paymentMethodLabels[note.method]}${note.reference ? ` (ref. ${note.reference})` : ""}`,
      ],
      ...(note.reason ? ([["Reason", note.reason]] as [string, string][]) : []),
    ]);
    sectionHeading(doc, "Credit");
    table(
      doc,
      [
        { header: "Description", width: 75 },
        { header: "Amount", width: 25, align: "right" },
      ],
      [[`Refund on invoice ${invoice.number ?? ""}`, formatMoney(-note.amountCents)]],
    );
    facts(doc, [
      ["Total credited", formatMoney(note.amountCents)],
      [`Invoice ${invoice.number ?? ""} total`, formatMoney(invoice.totalCents)],
    ]);
  });
}
