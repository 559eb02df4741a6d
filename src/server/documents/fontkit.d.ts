/** The part of fontkit (pdfkit's font engine) the documents use: parsing a font once. */
declare module "fontkit" {
  /** A parsed font: pdfkit takes it in place of the font file's bytes. */
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
