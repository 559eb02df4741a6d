import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { PUBLIC_URL_PLACEHOLDER } from "../../src/server/plugins/page-files";

/** A small client build, laid out as the prerender step writes it. */
export function fakeBuild(dir: string) {
  const write = (file: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  };
  const page = (title: string) =>
    `<!doctype html><title>${title}</title><link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/x"><h1>${title}</h1>`;
  write("index.html", page("Home"));
  for (const route of ["about", "services", "pricing", "contact", "apply"]) {
    write(`${route}/index.html`, page(route));
  }
  write("404.html", page("404 Page Not Found"));
  write("app-shell.html", page("Shell"));
  write("admin-shell.html", page("Back office shell"));
  write("share-shell.html", page("Shared view shell"));
  write("sitemap.xml", `<urlset><url><loc>${PUBLIC_URL_PLACEHOLDER}/</loc></url></urlset>`);
  const js = "console.log('hello from a hashed asset');".repeat(50);
  write("assets/index-abc123.js", js);
  write("assets/index-abc123.js.br", brotliCompressSync(js));
  write("assets/index-abc123.js.gz", gzipSync(js));
  write("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
}
