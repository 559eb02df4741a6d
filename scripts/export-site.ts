/**
 * `npm run export:site -- DIR`: the built site exactly as the app serves it (PUBLIC_URL filled
 * in, each file beside its .br and .gz), for a reverse proxy to serve from DIR (deploy/). Run it
 * after each build with the app's settings in the environment. HTML pages keep their build
 * layout (about/index.html); the proxy maps routes to them as the app does.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { loadSite } from "../src/server/plugins/pages";

const SUFFIX = { identity: "", br: ".br", gzip: ".gz" } as const;

export async function exportSite(clientDir: string, publicUrl: string, outDir: string) {
  const site = await loadSite(clientDir, publicUrl);
  rmSync(outDir, { recursive: true, force: true });
  for (const [urlPath, file] of site) {
    const target = path.join(outDir, ...urlPath.split("/"));
    mkdirSync(path.dirname(target), { recursive: true });
    for (const [encoding, variant] of Object.entries(file.variants)) {
      writeFileSync(target + SUFFIX[encoding as keyof typeof SUFFIX], variant.body);
    }
  }
  return site.size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error("Usage: npm run export:site -- DIR");
    process.exit(2);
  }
  const config = loadConfig();
  const count = await exportSite(config.clientDir, config.publicUrl, path.resolve(outDir));
  console.log(`Exported ${count} files for ${config.publicUrl} to ${path.resolve(outDir)}`);
}
