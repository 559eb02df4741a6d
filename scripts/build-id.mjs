// Plain JavaScript on purpose: `npm start` asks whether the build is current before anything
// else runs, and loading a TypeScript compiler for that question cost seconds.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every file and folder the build reads: a change in any of them makes a new build. */
export const BUILD_INPUTS = [
  "src/client",
  "src/content",
  "src/shared",
  "src/server",
  "src/analytics",
  "scripts/build.ts",
  "scripts/build-id.mjs",
  "scripts/build-output.ts",
  "scripts/analytics-tag.ts",
  "scripts/prerender.ts",
  "scripts/islands.ts",
  "scripts/build-manifest.ts",
  "scripts/og-image.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

/** The file in a finished build's folder that holds the id of the sources it was built from. */
export const BUILD_ID_FILE = ".build-id";

/** The link, in the build folder (dist/), to the build in use. */
export const CURRENT_LINK = "current";

/**
 * A digest of every file the build reads (tests left out): the same sources give the same id.
 * @param {string[]} [inputs]
 * @returns {string}
 */
export function sourceBuildId(inputs = BUILD_INPUTS) {
  const files = sourceFiles(inputs).filter((file) => !/\.(test|spec)\.tsx?$/.test(file));
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Every file below these folders and files.
 * @param {string[]} entries
 * @returns {string[]}
 */
function sourceFiles(entries) {
  return entries.flatMap((entry) => {
    if (!existsSync(entry)) return [];
    if (!statSync(entry).isDirectory()) return [entry];
    return readdirSync(entry, { withFileTypes: true }).flatMap((child) =>
      sourceFiles([path.join(entry, child.name)]),
    );
  });
}

/**
 * The id of the build dist/current holds now, if it holds a finished one.
 * @param {string} distDir
 * @returns {string | undefined}
 */
export function currentBuildId(distDir) {
  const file = path.join(distDir, CURRENT_LINK, BUILD_ID_FILE);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}
