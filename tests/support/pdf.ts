import { PDFParse } from "pdf-parse";

/** A PDF's text, read back as a reader would copy it. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
