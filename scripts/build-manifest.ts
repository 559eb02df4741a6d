import { readFileSync } from "node:fs";
import path from "node:path";

/** Vite's record of which built file holds each source module and what it imports. */
export type Manifest = Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; assets?: string[] }
>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
}

/** The built files of one source module and everything it imports, less the entry. */
export function moduleFiles(manifest: Manifest, key: string): string[] {
  if (!manifest[key]) throw new Error(`no built chunk for ${key}`);
  const files = new Set<string>();
  const visit = (id: string) => {
    const entry = manifest[id];
    if (!entry || entry.isEntry || files.has(entry.file)) return;
    files.add(entry.file);
    entry.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}
