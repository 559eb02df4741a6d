import { describe, expect, it } from "vitest";
import { proposalTerms } from "@content/terms";
import type { ProposalResponse, ProposalVersion } from "@shared/schemas/proposals";
import { pdfText } from "../../../tests/support/pdf";
import { proposalPdf } from "./pdf";

const version: ProposalVersion = {
  id: "6f1c1b9e-1d7a-4c55-9d1e-1b2c3d4e5f60",
  version: 2,
  title: "A new website for Rivera Bakery",
  scope: "## Pages\n\nFive pages:\n\n- Home\n- Menu\n\nWe <b>launch</b> in May.",
  scopeHtml: "",
  lines: [
    {
      description: "Small Business Site",
      detail: "5-10 pages",
      planId: "website",
      billing: "one-off",
      quantity: 1,
      unitPriceCents: 500_001,
      amountCents: 500_001,
    },
    {
      description: "Hosting",
      detail: null,
      planId: "hosting",
      billing: "monthly",
      quantity: 1,
      unitPriceCents: 4_900,
      amountCents: 4_900,
    },
  ],
  oneOffCents: 500_001,
  monthlyCents: 4_900,
  depositCents: 250_001,
  midpointCents: 125_000,
  completionCents: 125_000,
  validUntil: "2027-01-31",
  terms: proposalTerms,
  sentAt: "2026-11-20T10:00:00.000Z",
  contentHash: "a".repeat(64),
};

describe("a proposal as PDF", () => {
  it("shows the title, client, scope, lines, totals and the payment plan", async () => {
    const text = await pdfText(
      await proposalPdf(
        { id: version.id, companyName: "Rivera Bakery", leadName: null },
        version,
        null,
        null,
      ),
    );
    for (const expected of [
      "A new website for Rivera Bakery",
      "Rivera Bakery",
      "Jan 31, 2027",
      "Pages",
      "• Home",
      "We <b>launch</b> in May.",
      "Small Business Site",
      "5-10 pages",
      "$5,000.01",
      "$49.00 / month",
      "50% deposit $2,500.01",
      "25% at mid-point $1,250.00",
      "25% on completion $1,250.00",
      "One-off total $5,000.01",
      "Monthly total $49.00 / month",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Acceptance record");
  });

  it("prints the terms the version was sent with, every section and paragraph", async () => {
    const text = await pdfText(
      await proposalPdf(
        { id: version.id, companyName: "Rivera Bakery", leadName: null },
        version,
        null,
        null,
      ),
    );
    // One line of text, without the footer and header where the terms run onto a new page.
    const flat = text
      .replace(/\s+/g, " ")
      .replace(
        / Proposal A new website for Rivera Bakery, version 2 Page \d+ of \d+ -- \d+ of \d+ -- Harborline Proposal: A new website for Rivera Bakery/g,
        "",
      );
    expect(flat).toContain("Terms");
    for (const section of proposalTerms) {
      expect(flat).toContain(section.heading);
      for (const paragraph of section.paragraphs) expect(flat).toContain(paragraph);
    }
  });

  it("prints no terms for a version sent before proposals carried them", async () => {
    const text = await pdfText(
      await proposalPdf(
        { id: version.id, companyName: "Rivera Bakery", leadName: null },
        { ...version, terms: [] },
        null,
        null,
      ),
    );
    expect(text).not.toContain(proposalTerms[0]!.paragraphs[0]!.slice(0, 40));
  });

  it("adds the acceptance record when this version was accepted", async () => {
    const response: ProposalResponse = {
      decision: "accepted",
      versionId: version.id,
      signedName: "Jordan Rivera",
      reason: null,
      userEmail: "demo@example.com",
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Test)",
      contentHash: "b".repeat(64),
      createdAt: "2026-11-21T09:30:00.000Z",
    };
    const text = await pdfText(
      await proposalPdf(
        { id: version.id, companyName: "Rivera Bakery", leadName: null },
        version,
        response,
        null,
      ),
    );
    expect(text).toContain("Acceptance record");
    expect(text).toContain("Jordan Rivera");
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("Mozilla/5.0 (Test)");
    expect(text).toContain("2026-11-21T09:30:00.000Z");
    expect(text.replace(/\s/g, "")).toContain("b".repeat(64));
  });
});
