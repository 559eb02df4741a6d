import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own and silently loses writes when two processes open one folder,
 * so the server holds a pid file beside it and refuses to share it with a live process.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Harborline server (process ${pid}). ` +
        "Stop that server first, or start this one with a different DATA_DIR.",
    );
  }
}

export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createWithContent(lockFile, String(process.pid));
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const found = readLock(lockFile);
      if (found === undefined) continue;
      const holder = Number(found);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Left behind by a process that died without cleaning up: take it over.
      removeStale(lockFile, found, dataDir);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

/** The lock file's content, or undefined when it is gone (its holder has just let go). */
function readLock(lockFile: string): string | undefined {
  try {
    return readFileSync(lockFile, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Removes a dead process's lock file, and only that: moved aside first (of two servers doing
 * this at once, one moves it), then deleted if it still names the dead process. Else another
 * server had just taken the folder over and this moved its fresh lock: it goes back, and this
 * server refuses the folder.
 */
function removeStale(lockFile: string, staleContent: string, dataDir: string) {
  const aside = `${lockFile}.stale.${process.pid}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readFileSync(aside, "utf8").trim();
  if (moved !== staleContent) {
    try {
      linkSync(aside, lockFile);
    } catch {
      // A third server has taken the place meanwhile: the folder is in use all the same.
    } finally {
      unlinkSync(aside);
    }
    throw new DataDirLockedError(dataDir, Number(moved));
  }
  unlinkSync(aside);
}

/**
 * Creates a file that holds `content` from the moment it exists, or throws EEXIST: written
 * beside it, then linked into place. A file opened empty and written after would let another
 * server read no process id in between, take the lock for a dead one's, and open the folder too.
 */
function createWithContent(file: string, content: string) {
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, file);
  } finally {
    unlinkSync(draft);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
