/**
 * Parses RFC 4180 CSV (fields quoted or not, doubled quotes, CRLF between records) into records.
 * Strict: anything malformed throws, so a test counting records cannot miscount a broken file.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new Error("CSV: a quoted field is never closed");
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
    } else {
      let end = i;
      while (end < text.length && text[end] !== "," && text[end] !== "\r") end++;
      field = text.slice(i, end);
      if (/["\n]/.test(field)) throw new Error(`CSV: unquoted field with a quote or newline`);
      i = end;
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
      if (i === text.length) records.push([...record, ""]);
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i === text.length) {
      records.push(record);
    } else {
      throw new Error(`CSV: unexpected character at offset ${i}`);
    }
  }
  return records;
}
