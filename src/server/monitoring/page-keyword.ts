import type { IncomingMessage } from "node:http";
import type { KeywordMustBe } from "@shared/schemas/websites";

/** A text the checked page must contain, or must not. Case matters: "Error" is not "error". */
export type KeywordCheck = { text: string; mustBe: KeywordMustBe };

/** How much of a page is read for its keyword: a page past this is judged by its first 1 MB. */
export const PAGE_READ_LIMIT_BYTES = 1024 * 1024;

/** The keyword check a website asks for, or null when it sets no keyword. */
export const keywordCheck = (website: {
  checkKeyword: string | null;
  checkKeywordMustBe: KeywordMustBe;
}): KeywordCheck | null =>
  website.checkKeyword ? { text: website.checkKeyword, mustBe: website.checkKeywordMustBe } : null;

/** The charset an answer's Content-Type names, if this runtime can decode it; else UTF-8. */
function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/**
 * Whether a page's body contains a text, reading at most `limitBytes` of it, decoded per its
 * charset, and no more than needed: the answer is closed as soon as the text is seen. Rejects with
 * the connection's error if the body breaks off (a timeout included).
 */
export async function bodyContains(
  response: IncomingMessage,
  text: string,
  limitBytes = PAGE_READ_LIMIT_BYTES,
): Promise<boolean> {
  const decoder = decoderFor(response.headers["content-type"]);
  // The end of the text read so far, short of one keyword: a keyword split across two chunks.
  let carry = "";
  let read = 0;
  const seen = (decoded: string) => {
    const window = carry + decoded;
    if (window.includes(text)) return true;
    carry = text.length > 1 ? window.slice(-(text.length - 1)) : "";
    return false;
  };
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, limitBytes - read);
      read += part.length;
      if (seen(decoder.decode(part, { stream: true }))) return true;
      if (read >= limitBytes) break;
    }
    return seen(decoder.decode());
  } finally {
    response.destroy();
  }
}

/** Why a page fails its keyword check, or null when it passes. */
export function keywordFailure(check: KeywordCheck, found: boolean): string | null {
  if (check.mustBe === "present" && !found) return `Keyword "${check.text}" not found`;
  if (check.mustBe === "absent" && found) return `Keyword "${check.text}" found`;
  return null;
}
