import { randomBytes } from "node:crypto";
import { BUILD_ID_FILE, CURRENT_LINK, currentBuildId } from "./build-id.mjs";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * Where builds go and how one becomes the build: each build is written to a folder of its own
 * under dist/builds/ (its front end in client/, the bundled server in server/), and dist/current
 * is a symbolic link switched to it by renaming a new link over the old one (atomic on POSIX).
 * dist/client and dist/server are fixed links into dist/current, so the front end and the server
 * always come from one build. A server that starts meanwhile, or a second build racing this one,
 * never sees a half-written or half-deleted folder; the last build to finish wins.
 */

/** The fixed links into the build in use. */
const PARTS = ["client", "server"];
/** A folder this old is no build in progress: another process would have switched to it by now. */
const ABANDONED_MS = 10 * 60 * 1000;

/**
 * Runs `build` into a new folder (which it fills with client/ and server/) and makes it
 * dist/current, unless dist/current already holds the build of `id` (and `force` is not set).
 * Answers whether it built.
 */
export async function buildInto(
  distDir: string,
  id: string,
  build: (outDir: string) => Promise<void>,
  { force = false } = {},
): Promise<boolean> {
  if (!force && currentBuildId(distDir) === id) return false;
  const buildsDir = path.join(distDir, "builds");
  mkdirSync(buildsDir, { recursive: true });
  const name = `${id}-${randomBytes(4).toString("hex")}`;
  const outDir = path.join(buildsDir, name);
  try {
    await build(outDir);
    writeFileSync(path.join(outDir, BUILD_ID_FILE), id);
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  switchTo(distDir, name);
  pruneBuilds(distDir);
  return true;
}

/** Points dist/current at builds/<name>, in one rename, and dist/client and dist/server into it. */
function switchTo(distDir: string, name: string) {
  replaceLink(distDir, CURRENT_LINK, path.join("builds", name));
  for (const part of PARTS) replaceLink(distDir, part, path.join(CURRENT_LINK, part));
}

/** Makes dist/<name> a link to `target` by renaming a new link over it; nothing when it is one. */
function replaceLink(distDir: string, name: string, target: string) {
  const link = path.join(distDir, name);
  if (existsSync(link) || isLink(link)) {
    // A dist/client of before this layout is a plain folder, which a link cannot replace: move it
    // aside first (the one time there is a moment without a build).
    if (!isLink(link)) {
      renameSync(link, path.join(distDir, "builds", `legacy-${randomBytes(4).toString("hex")}`));
    } else if (readlinkSync(link) === target) {
      return;
    }
  }
  const next = path.join(distDir, `.${name}-${randomBytes(4).toString("hex")}`);
  symlinkSync(target, next);
  renameSync(next, link);
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Removes finished builds that are not current, and abandoned ones; leaves builds in progress. */
function pruneBuilds(distDir: string) {
  const buildsDir = path.join(distDir, "builds");
  const current = path.basename(readlinkSync(path.join(distDir, CURRENT_LINK)));
  for (const name of readdirSync(buildsDir)) {
    if (name === current) continue;
    const folder = path.join(buildsDir, name);
    if (Date.now() - statSync(folder).mtimeMs > ABANDONED_MS) {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}
