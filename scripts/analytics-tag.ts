import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { minify } from "vite";

/** The most /js/hl.js (on the page's critical path) may weigh, gzipped. */
export const ANALYTICS_TAG_GZIP_BUDGET = 1024;
/**
 * The most /js/hl.js and /js/hl-vitals.js may weigh together, gzipped: 3.5 KB (docs/analytics.md).
 * With the goals and campaign code in hl.js (851 bytes) and web-vitals' own measuring code
 * (2,696) the pair weighs 3,547 bytes.
 */
export const ANALYTICS_TAGS_GZIP_BUDGET = 3584;

/**
 * Parts of web-vitals the tag does without, cut from /js/hl-vitals.js at build time to keep
 * within its size (what measures each metric is the library's, unchanged): soft navigations (an
 * experimental option we never turn on), and back/forward-cache restores (the tag sends once per
 * page load, so a restored page is not measured again). Each cut is a call the library makes,
 * replaced with a constant so the minifier drops the code behind it; the build fails when a cut
 * no longer finds its call (a new web-vitals), rather than shipping it whole.
 */
const WEB_VITALS_CUTS: [RegExp, string][] = [
  [/checkSoftNavsEnabled\(opts\)/g, "false"],
  [/entry\.entryType === '(soft-navigation|interaction-contentful-paint)'/g, "false"],
  [/onBFCacheRestore\(/g, "false && onBFCacheRestore("],
];
const cutWebVitals = (): Plugin => ({
  name: "web-vitals-cuts",
  setup(build) {
    const used = new Set<RegExp>();
    build.onLoad({ filter: /web-vitals[\\/]dist[\\/]modules[\\/]on[A-Z]+\.js$/ }, (args) => {
      let contents = readFileSync(args.path, "utf8");
      for (const [call, constant] of WEB_VITALS_CUTS) {
        if (contents.match(call)) used.add(call);
        contents = contents.replace(call, constant);
      }
      return { contents, loader: "js" };
    });
    // The metric's random id, never sent.
    build.onLoad(
      { filter: /web-vitals[\\/]dist[\\/]modules[\\/]lib[\\/]generateUniqueID\.js$/ },
      () => ({
        contents: 'export const generateUniqueID = () => "";',
        loader: "js",
      }),
    );
    build.onEnd((result) => {
      const unused = WEB_VITALS_CUTS.filter(([call]) => !used.has(call));
      if (result.errors.length === 0 && used.size > 0 && unused.length > 0) {
        throw new Error(`web-vitals changed: ${unused.map(([call]) => call).join(", ")} not found`);
      }
    });
  },
});

/**
 * The analytics tags other sites embed: /js/hl.js (src/analytics/hl.ts) and beside it the
 * real-user speed part it loads, /js/hl-vitals.js (src/analytics/hl-vitals.ts, with web-vitals
 * bundled in). Each one small minified classic script, no module and no import, with its brotli
 * and gzip twins beside it. Returns their sizes in bytes.
 */
export async function buildAnalyticsTag(outFile: string) {
  // Optional chaining and ?? (2020) for the page view; what browsers that measure INP parse
  // (2022) for the vitals: an older one just measures nothing.
  const tag = await buildTagFile("src/analytics/hl.ts", outFile, "es2020");
  const vitals = await buildTagFile(
    "src/analytics/hl-vitals.ts",
    path.join(path.dirname(outFile), "hl-vitals.js"),
    "es2022",
  );
  return { ...tag, vitals, totalGzipBytes: tag.gzipBytes + vitals.gzipBytes };
}

async function buildTagFile(entry: string, outFile: string, target: string) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    minify: true,
    format: "iife",
    target,
    plugins: [cutWebVitals()],
    // web-vitals' own private fields (_sessionValue, ...), shortened.
    mangleProps: /^_/,
    legalComments: "none",
    logLevel: "warning",
  });
  // A second pass with the minifier Vite builds the app with (Oxc): it also drops what esbuild
  // leaves, such as functions nothing calls once the cuts above are made.
  const minified = await minify(path.basename(outFile), readFileSync(outFile, "utf8"), {
    compress: { target },
    mangle: { toplevel: true },
  });
  if (minified.errors.length > 0) throw new Error(minified.errors[0]!.message);
  writeFileSync(outFile, minified.code);
  const body = readFileSync(outFile);
  const gzip = gzipSync(body, { level: 9 });
  writeFileSync(`${outFile}.gz`, gzip);
  writeFileSync(
    `${outFile}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  return { bytes: body.length, gzipBytes: gzip.length };
}
