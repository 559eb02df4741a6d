/**
 * The 1200x630 social card (og:image), drawn from the brand in src/content and rendered to PNG
 * with resvg and the brand's typefaces, so link previews show the agency, not a blank.
 */
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { brand, contact, socialCard } from "../src/content/site";

const require = createRequire(import.meta.url);
const font = (pkg: string, file: string) => require.resolve(`${pkg}/${file}`);

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function ogImageSvg(): string {
  const gold = brand.color;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sea" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0a0a0b"/>
      <stop offset="1" stop-color="#1c1a14"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sea)"/>
  <rect x="28" y="28" width="1144" height="574" rx="18" fill="none" stroke="${gold}" stroke-opacity="0.35" stroke-width="2"/>
  <g fill="none" stroke="${gold}" stroke-width="3" stroke-linecap="round" opacity="0.55" transform="translate(110 60)">
    <path d="M760 470 C 840 430, 920 510, 1000 470 S 1160 430, 1240 470"/>
    <path d="M720 520 C 800 480, 880 560, 960 520 S 1120 480, 1200 520"/>
    <path d="M800 420 C 880 380, 960 460, 1040 420 S 1200 380, 1280 420"/>
  </g>
  <circle cx="130" cy="150" r="34" fill="${gold}"/>
  <text x="130" y="163" font-family="Fraunces" font-weight="600" font-size="38" fill="#0a0a0b" text-anchor="middle">${escape(brand.name.charAt(0))}</text>
  <text x="184" y="164" font-family="Fraunces" font-weight="600" font-size="40" fill="#f5f1e6">${escape(brand.name)}</text>
  <text x="96" y="318" font-family="Fraunces" font-weight="600" font-size="72" fill="#f5f1e6">${escape(socialCard.headline)}</text>
  <text x="96" y="402" font-family="Fraunces" font-weight="600" font-size="72" fill="${gold}">${escape(socialCard.highlight)}</text>
  <text x="96" y="478" font-family="Inter" font-weight="500" font-size="30" fill="#c9c3b3">${escape(brand.tagline)}</text>
  <text x="96" y="552" font-family="Inter" font-weight="500" font-size="26" fill="#8f8a7d">${escape(`${contact.office} · ${contact.phone}`)}</text>
</svg>`;
}

export function renderOgImage(target: string) {
  const png = new Resvg(ogImageSvg(), {
    fitTo: { mode: "width", value: 1200 },
    font: {
      loadSystemFonts: false,
      fontFiles: [
        font("@expo-google-fonts/fraunces", "600SemiBold/Fraunces_600SemiBold.ttf"),
        font("@expo-google-fonts/inter", "500Medium/Inter_500Medium.ttf"),
      ],
      defaultFontFamily: "Inter",
    },
  })
    .render()
    .asPng();
  writeFileSync(target, png);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  renderOgImage(path.resolve(process.argv[2] ?? "og-image.png"));
}
