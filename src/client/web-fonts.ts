import frauncesItalicUrl from "./fonts/fraunces-latin-wght-italic.woff2?url";
import frauncesUrl from "./fonts/fraunces-latin-wght-normal.woff2?url";
import interUrl from "./fonts/inter-latin-wght-normal.woff2?url";

/**
 * Adds the web fonts (their faces match the weights `npm run fonts` keeps). Called once the page
 * has painted in the metric-matched stand-ins of fonts.css, so neither the first paint nor the
 * largest one waits for a font file, and the swap moves nothing.
 */
export function loadWebFonts() {
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
  for (const face of faces) {
    document.fonts.add(face);
    // A font that fails to load leaves its stand-in in place: nothing to do.
    face.load().catch(() => undefined);
  }
}
