import frauncesItalicUrl from "./fonts/fraunces-latin-wght-italic.woff2?url";
import frauncesUrl from "./fonts/fraunces-latin-wght-normal.woff2?url";
import interUrl from "./fonts/inter-latin-wght-normal.woff2?url";

/**
 * Adds the web fonts (their faces match the weights `npm run fonts` keeps). Called once the page
 * has painted in the metric-matched stand-ins of fonts.css, so neither the first paint nor the
 * largest one waits for a font file, and the swap moves nothing. The faces are fetched first and
 * added together: each face added restyles and lays out the whole page, a long task on a slow
 * phone, so three swaps as each arrives cost three times one.
 */
export async function loadWebFonts() {
  const faces = [
    new FontFace("Inter Variable", `url(${interUrl}) format("woff2")`, {
      weight: "400 700",
      display: "swap",
    }),
    new FontFace("Fraunces Variable", `url(${frauncesUrl}) format("woff2")`, {
      weight: "400 600",
      display: "swap",
    }),
    new FontFace("Fraunces Variable", `url(${frauncesItalicUrl}) format("woff2")`, {
      weight: "600",
      style: "italic",
      display: "swap",
    }),
  ];
  const loads = await Promise.allSettled(faces.map((face) => face.load()));
  // A font that fails to load leaves its stand-in in place.
  for (const [i, load] of loads.entries())
    if (load.status === "fulfilled") document.fonts.add(faces[i]!);
}
