/**
 * `npm run fonts`: writes the site's web fonts to src/client/fonts/ from the Fontsource packages,
 * cut down to what the pages use: the latin characters (Fontsource's own latin range) and only
 * the weights the styles ask for. A variable font carries every weight from 100 to 900; pinning
 * the range makes the three files 84 KB instead of 130 KB. Run it again after changing the
 * weights (and change web-fonts.ts to match); the output is committed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

/** Fontsource's "latin" subset, as its CSS declares it. */
const LATIN_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329," +
  "U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

const faces = [
  // Body text: regular to bold.
  { from: "inter/files/inter-latin-wght-normal.woff2", wght: { min: 400, max: 700 } },
  // Headings: regular and semibold.
  { from: "fraunces/files/fraunces-latin-wght-normal.woff2", wght: { min: 400, max: 600 } },
  // The gold highlight in hero headlines, always semibold.
  { from: "fraunces/files/fraunces-latin-wght-italic.woff2", wght: 600 },
] as const;

const characters = LATIN_RANGE.split(",")
  .flatMap((part) => {
    const [first, last = first] = part.replace(/U\+/g, "").split("-");
    const codes: string[] = [];
    for (let code = parseInt(first!, 16); code <= parseInt(last!, 16); code++) {
      codes.push(String.fromCodePoint(code));
    }
    return codes;
  })
  .join("");

const fontsource = path.resolve("node_modules/@fontsource-variable");
const outDir = path.resolve("src/client/fonts");
for (const face of faces) {
  const source = readFileSync(path.join(fontsource, face.from));
  const subset = await subsetFont(source, characters, {
    targetFormat: "woff2",
    variationAxes: { wght: face.wght },
  });
  const target = path.join(outDir, path.basename(face.from));
  writeFileSync(target, subset);
  console.log(`${path.basename(target)}: ${source.length} -> ${subset.length} bytes`);
}
