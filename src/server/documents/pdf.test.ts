import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf";
import { formatDate, formatMoney, renderPdf, table } from "./pdf";

describe("documents as PDF", () => {
  it("formats integer cents as dollars", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(1_000_000_000)).toBe("$10,000,000.00");
    expect(formatMoney(-199)).toBe("-$1.99");
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it("formats dates as people read them", () => {
    expect(formatDate("2027-01-31")).toBe("January 31, 2027");
  });

  it("draws the brand header, a table over several pages and numbered footers", async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`Line ${i + 1}`, formatMoney(i * 100)]);
    const bytes = await renderPdf({ title: "Test", size: "A4" }, (doc) => {
      doc.text("Hello from the body");
      table(
        doc,
        [
          { header: "Description", width: 3 },
          { header: "Amount", width: 1, align: "right" },
        ],
        rows,
      );
    });
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Harborline");
    expect(text).toContain("Hello from the body");
    expect(text).toContain("Line 80");
    expect(text).toContain("$79.00");
    expect(text).toMatch(/Page 2 of [2-9]/);
  });
});
