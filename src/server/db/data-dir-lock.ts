import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
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
  for (let attempt = 0; attempt < 2; attempt++) {
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
      const holder = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Left behind by a process that died without cleaning up: take it over.
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
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
