import { stringify } from "csv-stringify/sync";
import type { LeadDetail } from "@shared/schemas/admin";

/** What a spreadsheet may read as the start of a formula: =, +, -, @, the minus sign, tab, CR. */
const formulaStart = /^[=+\-@\u2212\t\r]/;

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe, so it is shown as the
 * text it is. The first character is compared in its compatibility form (NFKC), since spreadsheets
 * fold full-width, small, superscript and subscript forms (＝ ﹦ ⁼ ＋ － ＠ ...) to the plain ones.
 */
export function neutralizeCell(value: string): string {
  const first = value.codePointAt(0);
  if (first === undefined) return value;
  return formulaStart.test(String.fromCodePoint(first).normalize("NFKC")) ? `'${value}` : value;
}

const columns = [
  "Reference",
  "Kind",
  "Status",
  "Received",
  "Name",
  "Email",
  "Company",
  "Topic",
  "Phone",
  "Budget",
  "Timeline",
  "Message",
  "Notes",
];

/** The leads as CSV (RFC 4180 quoting), one row per lead, every field in its column. */
export function leadsToCsv(leads: LeadDetail[]): string {
  const field = (lead: LeadDetail, ...labels: string[]) =>
    lead.fields.find((f) => labels.includes(f.label))?.value ?? "";
  const rows = leads.map((lead) => [
    lead.reference,
    lead.kind,
    lead.status,
    lead.createdAt,
    lead.name,
    lead.email,
    lead.company ?? "",
    lead.topic,
    field(lead, "Phone Number"),
    field(lead, "Estimated Budget"),
    field(lead, "Desired Timeline"),
    field(lead, "Message", "Project Description"),
    lead.notes.map((note) => `${note.authorName} (${note.createdAt}): ${note.body}`).join("\n"),
  ]);
  return stringify([columns, ...rows.map((row) => row.map(neutralizeCell))], {
    quoted_string: true,
    record_delimiter: "\r\n",
  });
}
