/**
 * After `vite build`: renders every public page (and the not-found page) to finished HTML with
 * its head tags, writes the app shells of the portal and the back office, the sitemap and robots.txt, and
 * brotli and gzip versions of the hashed assets. Addresses are written as PUBLIC_URL_PLACEHOLDER,
 * which the server replaces with PUBLIC_URL when it loads the files, so one build serves any
 * origin.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createServer } from "vite";
import { PUBLIC_URL_PLACEHOLDER, pageFiles } from "../src/server/plugins/page-files";
import { moduleFiles, readManifest } from "./build-manifest";
import { buildIslands } from "./islands";
import { renderOgImage } from "./og-image";
import {
  formRoutes,
  publicRoutes,
  staticContentRoutes,
  type PublicRoute,
} from "../src/shared/routes";

/** Where `vite build` wrote the client: the folder given (scripts/build.ts), else dist/client. */
const clientDir = path.resolve(process.argv[2] ?? "dist/client");
const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
if (!template.includes("<!--app-html-->")) {
  throw new Error(`${clientDir}/index.html has no <!--app-html--> marker: run vite build first`);
}

const manifest = readManifest(clientDir);

/**
 * The code the entry preloads once the page is drawn, a few modules per task: React and the
 * layout (what `import("./hydrate")` loads), then the page's own code. None of the page's own
 * for the not-found page (part of the layout) or a static content page, which the browser keeps
 * as prerendered (src/client/app.tsx).
 */
function pageModules(route: PublicRoute | "not-found"): string[] {
  const layout = moduleFiles(manifest, "hydrate.tsx");
  if (route === "not-found" || staticContentRoutes.includes(route)) return layout;
  const page = moduleFiles(manifest, `pages/${route === "/" ? "home" : route.slice(1)}.tsx`);
  return [...new Set([...layout, ...page])];
}

/**
 * The pages made of islands (src/client/islands.tsx) rather than hydrated by the app. Not the
 * not-found page: the app fills it with the words of the address's own view (a revoked share
 * link says so), which only the app knows.
 */
const islandPages: readonly (PublicRoute | "not-found")[] = [...staticContentRoutes, ...formRoutes];
const islandsEntry = await buildIslands(clientDir);

const vite = await createServer({
  configFile: path.resolve("vite.config.ts"),
  server: { middlewareMode: true, hmr: false },
  appType: "custom",
  logLevel: "error",
});
try {
  const entry = (await vite.ssrLoadModule(
    "/entry-server.tsx",
  )) as typeof import("../src/client/entry-server");
  const write = (file: string, html: string) => {
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, html);
  };
  const fill = (head: string, html: string) =>
    template.replace("<!--app-head-->", head).replace("<!--app-html-->", html);

  for (const route of [...publicRoutes, "not-found"] as (PublicRoute | "not-found")[]) {
    const { html, head } = await entry.renderPage(route, PUBLIC_URL_PLACEHOLDER);
    // Read by main.tsx, which loads the islands, or preloads the app's modules, once the page
    // is drawn (see there).
    const files = pageModules(route).map((file) => `/${file}`);
    const modules = islandPages.includes(route)
      ? `<meta name="islands" content="${islandsEntry}" />`
      : `<meta name="page-modules" content="${files.join(" ")}" />`;
    write(pageFiles.page(route), fill([head, modules].join("\n"), html));
  }
  for (const [file, page] of [
    [pageFiles.shell, "/dashboard"],
    [pageFiles.adminShell, "/admin"],
    [pageFiles.shareShell, "/share"],
  ] as const) {
    write(file, fill(entry.shellHead(page, PUBLIC_URL_PLACEHOLDER), ""));
  }
} finally {
  await vite.close();
}

renderOgImage(path.join(clientDir, "og-image.png"));

const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  path.join(clientDir, "sitemap.xml"),
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...publicRoutes.map(
      (route) =>
        `  <url><loc>${PUBLIC_URL_PLACEHOLDER}${route}</loc><lastmod>${today}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n"),
);
writeFileSync(
  path.join(clientDir, "robots.txt"),
  [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /logout",
    "",
    `Sitemap: ${PUBLIC_URL_PLACEHOLDER}/sitemap.xml`,
    "",
  ].join("\n"),
);

// Hashed assets never change: compress them once, here, at the highest settings.
const assetsDir = path.join(clientDir, "assets");
let compressed = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}
console.log(
  `prerendered ${publicRoutes.length} pages, the not-found page and the app shells; drew og-image.png; compressed ${compressed} assets`,
);
