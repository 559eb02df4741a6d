import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { LeadDetail } from "@shared/schemas/leads";

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

function recordOf(lead: LeadDetail): string[] {
  const field = (...labels: string[]) =>
    lead.fields.find((f) => labels.includes(f.label))?.value ?? "";
  return [
    lead.reference,
    lead.kind,
    lead.status,
    lead.createdAt,
    lead.name,
    lead.email,
    lead.company ?? "",
    lead.topic,
    field("Phone Number"),
    field("Estimated Budget"),
    field("Desired Timeline"),
    field("Message", "Project Description"),
    lead.notes.map((note) => `${note.authorName} (${note.createdAt}): ${note.body}`).join("\n"),
  ].map(neutralizeCell);
}

async function* recordsOf(batches: AsyncIterable<LeadDetail[]>): AsyncGenerator<string[]> {
  const batch = batches[Symbol.asyncIterator]();
  // The header waits for the first batch, so a first query that fails reaches the error handler
  // before anything is sent, rather than leaving a 200 cut short after the header.
  let next = await batch.next();
  yield columns;
  for (; !next.done; next = await batch.next()) yield* next.value.map(recordOf);
}

/**
 * The leads as CSV (RFC 4180 quoting), one row per lead, every field in its column, written as
 * the batches arrive and only as fast as the client reads them.
 */
export function leadsToCsv(batches: AsyncIterable<LeadDetail[]>): Readable {
  const csv = stringify({ quoted_string: true, record_delimiter: "\r\n" });
  // A failed batch destroys the CSV stream with its error, which the server reports and logs.
  return pipeline(Readable.from(recordsOf(batches)), csv, () => {});
}
