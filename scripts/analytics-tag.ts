import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The most /js/hl.js may weigh, gzipped. */
export const ANALYTICS_TAG_GZIP_BUDGET = 1536;

/**
 * The analytics tag other sites embed, /js/hl.js (src/analytics/hl.ts): one small minified
 * classic script, no module and no import, with its brotli and gzip twins beside it. Returns its
 * sizes in bytes.
 */
export async function buildAnalyticsTag(outFile: string) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  await build({
    entryPoints: ["src/analytics/hl.ts"],
    outfile: outFile,
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2019",
    legalComments: "none",
    logLevel: "warning",
  });
  const body = readFileSync(outFile);
  const gzip = gzipSync(body, { level: 9 });
  writeFileSync(`${outFile}.gz`, gzip);
  writeFileSync(
    `${outFile}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  return { bytes: body.length, gzipBytes: gzip.length };
}
