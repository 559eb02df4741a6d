import { customPricing } from "@content/pricing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import type { ProposalDetail, ProposalResponse, ProposalVersion } from "@shared/schemas/proposals";
import {
  contentWidth,
  facts,
  renderPdf,
  sectionHeading,
  table,
  type PdfDocument,
} from "../documents/pdf";
import { markdownBlocks } from "./markdown";

/** The payment plan's stages as the pricing page names them: "50% deposit", ... */
function planLabels(): [string, string, string] {
  const [deposit, midpoint, completion] = customPricing.payment;
  return [
    `${deposit?.share ?? "50%"} ${deposit?.label ?? "deposit"}`,
    `${midpoint?.share ?? "25%"} ${midpoint?.label ?? "at mid-point"}`,
    `${completion?.share ?? "25%"} ${completion?.label ?? "on completion"}`,
  ];
}

function scope(doc: PdfDocument, markdown: string) {
  const left = doc.page.margins.left;
  for (const block of markdownBlocks(markdown)) {
    if (block.kind === "heading") {
      doc.moveDown(0.4);
      doc
        .font("Helvetica-Bold")
        .fontSize(block.level <= 2 ? 11 : 10)
        .text(block.text, left);
      doc.font("Helvetica").fontSize(10);
    } else if (block.kind === "item") {
      const indent = 12 + block.depth * 12;
      doc.text(`${block.marker} ${block.text}`, left + indent, doc.y, {
        width: contentWidth(doc) - indent,
      });
    } else {
      doc.text(block.text, left, doc.y, { width: contentWidth(doc) });
      doc.moveDown(0.3);
    }
  }
}

/** The terms the version was sent with: a heading a section, then its paragraphs. */
function terms(doc: PdfDocument, sections: ProposalVersion["terms"]) {
  const left = doc.page.margins.left;
  for (const section of sections) {
    doc.moveDown(0.4);
    doc.font("Helvetica-Bold").fontSize(10).text(section.heading, left);
    doc.font("Helvetica").fontSize(10);
    for (const paragraph of section.paragraphs) {
      doc.text(paragraph, left, doc.y, { width: contentWidth(doc) });
      doc.moveDown(0.3);
    }
  }
}

/**
 * A proposal version as a PDF: the title, client, version and validity, the scope, the lines
 * and totals, the payment plan of the one-off work, the terms, and the acceptance record when
 * the client accepted this version.
 */
export function proposalPdf(
  proposal: Pick<ProposalDetail, "id" | "companyName" | "leadName">,
  version: ProposalVersion,
  response: ProposalResponse | null,
): Promise<Buffer> {
  const accepted = response?.decision === "accepted" && response.versionId === version.id;
  return renderPdf(
    {
      title: `Proposal: ${version.title}`,
      footer: `Proposal ${version.title}, version ${version.version}`,
    },
    (doc) => {
      doc.font("Helvetica-Bold").fontSize(20).text(version.title);
      doc.moveDown(0.5);
      facts(doc, [
        ["Client", proposal.companyName ?? proposal.leadName ?? "—"],
        ["Version", String(version.version)],
        ["Sent", version.sentAt ? formatCalendarDate(version.sentAt) : "Draft, not sent"],
        ["Valid until", formatCalendarDate(version.validUntil)],
      ]);

      sectionHeading(doc, "Scope of work");
      scope(doc, version.scope);

      sectionHeading(doc, "Price");
      table(
        doc,
        [
          { header: "Description", width: 34 },
          { header: "Detail", width: 20 },
          { header: "Billing", width: 12 },
          { header: "Qty", width: 8, align: "right" },
          { header: "Amount", width: 18, align: "right" },
        ],
        version.lines.map((line) => [
          line.description,
          line.detail ?? "",
          line.billing === "monthly" ? "Monthly" : "One-off",
          String(line.quantity),
          `${formatMoney(line.amountCents)}${line.billing === "monthly" ? " / month" : ""}`,
        ]),
      );
      facts(doc, [
        ["One-off total", formatMoney(version.oneOffCents)],
        ["Monthly total", `${formatMoney(version.monthlyCents)} / month`],
      ]);

      if (version.oneOffCents > 0) {
        const [deposit, midpoint, completion] = planLabels();
        sectionHeading(doc, "Payment plan");
        facts(doc, [
          [deposit, formatMoney(version.depositCents)],
          [midpoint, formatMoney(version.midpointCents)],
          [completion, formatMoney(version.completionCents)],
        ]);
      }

      if (version.terms.length > 0) {
        sectionHeading(doc, "Terms");
        terms(doc, version.terms);
      }

      if (accepted && response) {
        sectionHeading(doc, "Acceptance record");
        facts(doc, [
          ["Accepted by (name typed)", response.signedName ?? "—"],
          ["Account", response.userEmail],
          ["Time", new Date(response.createdAt).toISOString()],
          ["IP address", response.ipAddress ?? "—"],
          ["User agent", response.userAgent ?? "—"],
          ["SHA-256 of the version", response.contentHash],
        ]);
      }
    },
  );
}
