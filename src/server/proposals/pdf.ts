import { customPricing } from "@content/pricing";
import { formatCalendarDate, formatMoney } from "@shared/format";
import type { ProposalDetail, ProposalResponse, ProposalVersion } from "@shared/schemas/proposals";
import {
  bodyText,
  contentWidth,
  facts,
  FONT,
  paragraph,
  renderPdf,
  sectionHeading,
  subheading,
  type PdfDocument,
} from "../documents/pdf";
import { summaryBox, table, titleBlock } from "../documents/pdf-blocks";
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
      doc.moveDown(0.5);
      if (block.level <= 2) {
        doc.font(FONT.heading).fontSize(11).text(block.text, left);
        doc.moveDown(0.15);
        bodyText(doc);
      } else subheading(doc, block.text);
    } else if (block.kind === "item") {
      const indent = 12 + block.depth * 12;
      doc.text(`${block.marker} ${block.text}`, left + indent, doc.y, {
        width: contentWidth(doc) - indent,
        lineGap: 1.5,
      });
    } else {
      paragraph(doc, block.text);
      doc.moveDown(0.3);
    }
  }
}

/** The terms the version was sent with: a heading a section, then its paragraphs. */
function terms(doc: PdfDocument, sections: ProposalVersion["terms"]) {
  for (const section of sections) {
    doc.moveDown(0.4);
    subheading(doc, section.heading);
    for (const text of section.paragraphs) {
      paragraph(doc, text);
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
  billingAddress: string | null,
): Promise<Buffer> {
  const accepted = response?.decision === "accepted" && response.versionId === version.id;
  return renderPdf(
    {
      title: `Proposal: ${version.title}`,
      footer: `Proposal ${version.title}, version ${version.version}`,
      // A sent version is frozen: drawn again, it is the same bytes.
      date: version.sentAt ? new Date(version.sentAt) : undefined,
    },
    (doc) => {
      titleBlock(doc, {
        title: version.title,
        facts: [
          ["Proposal", `Version ${version.version}`],
          ["Sent", version.sentAt ? formatCalendarDate(version.sentAt) : "Draft, not sent"],
          ["Valid until", formatCalendarDate(version.validUntil)],
        ],
        party: {
          label: "Prepared for",
          name: proposal.companyName ?? proposal.leadName ?? "—",
          address: billingAddress,
        },
      });

      sectionHeading(doc, "Scope of work");
      scope(doc, version.scope);

      sectionHeading(doc, "Price");
      const layout = table(
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
      summaryBox(doc, layout, [
        { label: "One-off total", value: formatMoney(version.oneOffCents), strong: true },
        { label: "Monthly total", value: `${formatMoney(version.monthlyCents)} / month` },
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
