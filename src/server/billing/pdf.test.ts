import { describe, expect, it } from "vitest";
import type { CreditNote, InvoiceDetail } from "@shared/schemas/billing";
import { offlinePayment } from "@content/billing";
import { pdfFonts, pdfPages, pdfText } from "../../../tests/support/pdf";
import { creditNotePdf, invoicePdf } from "./pdf";

const id = "6f1c1b9e-1d7a-4c55-9d1e-1b2c3d4e5f60";
const address = "Attn: Jordan Rivera\n1204 Market Street\nTacoma, WA 98402";

function invoice(lineCount: number): InvoiceDetail {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    description: `Support hours, ticket #${101 + i}`,
    quantity: 2,
    unitPriceCents: 9_500,
    amountCents: 19_000,
  }));
  const subtotal = 19_000 * lineCount;
  const tax = Math.round(subtotal * 0.101);
  return {
    id,
    number: "HL-2026-0042",
    companyId: id,
    companyName: "Rivera Bakery",
    status: "open",
    source: "manual",
    issueDate: "2026-11-01",
    dueDate: "2026-11-15",
    subtotalCents: subtotal,
    taxRatePercent: 10.1,
    taxCents: tax,
    totalCents: subtotal + tax,
    paidCents: 10_000,
    creditedCents: 0,
    balanceCents: subtotal + tax - 10_000,
    overdue: false,
    createdAt: "2026-11-01T08:00:00.000Z",
    creditNotes: [],
    lines,
    memo: null,
    periodStart: null,
    periodEnd: null,
    proposalId: null,
    payments: [
      {
        id,
        invoiceId: id,
        invoiceNumber: "HL-2026-0042",
        kind: "payment",
        status: "succeeded",
        amountCents: 10_000,
        method: "bank-transfer",
        paidOn: "2026-11-05",
        reference: "WIRE-884",
        failureMessage: null,
        createdAt: "2026-11-05T08:00:00.000Z",
      },
    ],
    payableByCard: false,
    offlinePayment,
  };
}

describe("an invoice as PDF", () => {
  it("bills the company at its address and sums up under the amounts", async () => {
    const bytes = await invoicePdf(invoice(3), address);
    const text = await pdfText(bytes);
    expect(text).toContain(
      "BILL TO\nRivera Bakery\nAttn: Jordan Rivera\n1204 Market Street\nTacoma, WA 98402",
    );
    // 3 × $190.00 = $570.00, tax 10.1% = $57.57, total $627.57, $100.00 paid.
    for (const expected of [
      "Invoice number HL-2026-0042",
      "Date due Nov 15, 2026",
      "$527.57 due Nov 15, 2026",
      "Support hours, ticket #103 2 $95.00 $190.00",
      "Subtotal $570.00",
      "Tax (10.1%) $57.57",
      "Total $627.57",
      "Paid -$100.00",
      "Balance due $527.57",
      "Nov 5, 2026 Bank transfer WIRE-884 $100.00",
      "By bank transfer",
      "Payable to Harborline LLC",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    expect(pdfFonts(bytes).map((font) => font.name)).toEqual([
      "Fraunces-SemiBold",
      "Inter-Regular",
      "Inter-SemiBold",
    ]);
  });

  it("says when an open invoice is past its due date", async () => {
    const text = await pdfText(await invoicePdf({ ...invoice(1), overdue: true }, address));
    expect(text).toContain("Status Overdue");
    expect(text).toContain("$109.19 overdue since Nov 15, 2026");
  });

  it("shows only the company's name when it has no billing address", async () => {
    const text = await pdfText(await invoicePdf(invoice(1), null));
    expect(text).toMatch(/BILL TO\nRivera Bakery\n\$/);
  });

  it("runs a long invoice over pages, the table's header and the page count on each", async () => {
    const pages = await pdfPages(await invoicePdf(invoice(30), address));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Page 1 of 2");
    expect(pages[1]).toContain("Page 2 of 2");
    expect(pages[1]).toContain("Harborline Invoice HL-2026-0042");
    expect(pages[1]).toContain("Description Qty Unit price Amount");
    expect(pages[1]).toContain("Support hours, ticket #130");
    expect(pages[1]).toContain("Balance due $6,175.70");
  });

  it("is the same file each time it is drawn", async () => {
    const [first, second] = [
      await invoicePdf(invoice(2), address),
      await invoicePdf(invoice(2), address),
    ];
    expect(first.equals(second)).toBe(true);
  });
});

describe("a credit note as PDF", () => {
  it("is issued to the company at its address, with what was credited", async () => {
    const note: CreditNote = {
      id,
      number: "CN-2026-0003",
      invoiceId: id,
      paymentId: id,
      amountCents: 5_000,
      method: "check",
      reference: "Check 77",
      reason: "Hours logged twice",
      issueDate: "2026-11-20",
    };
    const text = await pdfText(
      await creditNotePdf(
        note,
        { number: "HL-2026-0042", companyName: "Rivera Bakery", totalCents: 62_757 },
        address,
      ),
    );
    for (const expected of [
      "ISSUED TO\nRivera Bakery\nAttn: Jordan Rivera",
      "Number CN-2026-0003",
      "Credits invoice HL-2026-0042",
      "Refunded by Check (ref. Check 77)",
      "Reason Hours logged twice",
      "$50.00 credited",
      "Refund on invoice HL-2026-0042 -$50.00",
      "Invoice HL-2026-0042 total $627.57",
      "Total credited $50.00",
      "Credit note CN-2026-0003 Page 1 of 1",
    ])
      expect(text).toContain(expected);
  });
});
