import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("the data folder's lock", () => {
  let dataDir: string;
  const lockFile = () => path.join(dataDir, "server.pid");

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "harborline-lock-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("holds this process's id until it is released", () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("takes over the lock of a process that died, or an empty one, and leaves nothing beside", () => {
    // A process that has ended: its id names no one now.
    const ended = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    for (const content of [String(ended), ""]) {
      writeFileSync(lockFile(), content);
      const release = lockDataDir(dataDir);
      expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
      expect(readdirSync(dataDir)).toEqual(["server.pid"]);
      release();
    }
  });

  it("refuses a folder a live process holds, and leaves its lock alone", async () => {
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
    try {
      writeFileSync(lockFile(), String(holder.pid));
      expect(() => lockDataDir(dataDir)).toThrow(`(process ${holder.pid})`);
      expect(readFileSync(lockFile(), "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });
});
