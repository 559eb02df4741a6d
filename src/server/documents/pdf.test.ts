import { describe, expect, it } from "vitest";
import { pdfFonts, pdfPages, pdfText } from "../../../tests/support/pdf";
import { contact } from "@content/site";
import { formatMoney } from "@shared/format";
import { renderPdf } from "./pdf";
import { summaryBox, table, titleBlock } from "./pdf-blocks";

const longTable = (date?: Date) =>
  renderPdf({ title: "Statement 7", footer: "Statement 7", size: "A4", date }, (doc) => {
    titleBlock(doc, {
      title: "Statement",
      facts: [["Number", "7"]],
      party: {
        label: "Bill to",
        name: "Rivera Bakery",
        address: "1204 Market Street\n\nTacoma, WA",
      },
    });
    const layout = table(
      doc,
      [
        { header: "Description", width: 3 },
        { header: "Amount", width: 1, align: "right" },
      ],
      Array.from({ length: 80 }, (_, i) => [`Line ${i + 1}`, formatMoney(i * 100)]),
    );
    summaryBox(doc, layout, [{ label: "Total", value: formatMoney(316_000), strong: true }]);
  });

describe("the documents' frame", () => {
  it("embeds the site's fonts, Inter and Fraunces, and no other", async () => {
    const fonts = pdfFonts(await longTable());
    expect(fonts.map((font) => font.name)).toEqual([
      "Fraunces-SemiBold",
      "Inter-Regular",
      "Inter-SemiBold",
    ]);
    expect(fonts.every((font) => font.embedded)).toBe(true);
  });

  it("heads every page with the agency, numbers it, and repeats a long table's header", async () => {
    const pages = await pdfPages(await longTable());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain("Harborline");
      expect(page).toContain(`Statement 7 Page ${i + 1} of ${pages.length}`);
      expect(page).toContain("Description Amount");
    });
    // The agency's address on the first page; the document's title on the others.
    expect(pages[0]).toContain(contact.address.street);
    expect(pages[1]).not.toContain(contact.address.street);
    expect(pages[1]).toContain("Harborline Statement 7");
    const text = await pdfText(await longTable());
    expect(text).toContain("BILL TO\nRivera Bakery\n1204 Market Street\nTacoma, WA");
    expect(text).toContain("Line 80 $79.00");
    expect(pages.at(-1)).toContain("Total $3,160.00");
  });

  it("draws the same bytes twice for the same content and date, and stays small", async () => {
    const date = new Date("2026-11-01T12:00:00Z");
    const [first, second] = await Promise.all([longTable(date), longTable(date)]);
    expect(first.equals(second)).toBe(true);
    // Font subsets, not the 760 KB of whole font files.
    expect(first.length).toBeLessThan(60_000);
  });
});
