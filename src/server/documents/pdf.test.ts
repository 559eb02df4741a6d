import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf";
import { formatMoney } from "@shared/format";
import { renderPdf, table } from "./pdf";

describe("documents as PDF", () => {
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
