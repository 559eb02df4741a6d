import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { currentBuildId } from "./build-id.mjs";
import { buildInto } from "./build-output";

const FILES = 20;

/**
 * A build that writes its front end's files one by one, slowly, then its server bundle, each
 * naming the build it belongs to.
 */
function slowBuild(
  label: string,
  pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2)),
) {
  return async (outDir: string) => {
    mkdirSync(path.join(outDir, "client"), { recursive: true });
    for (let i = 0; i < FILES; i++) {
      writeFileSync(path.join(outDir, "client", `file-${i}.txt`), label);
      await pause();
    }
    mkdirSync(path.join(outDir, "server"), { recursive: true });
    writeFileSync(path.join(outDir, "server", "main.js"), label);
  };
}

/**
 * What a server starting now would load, as `node dist/server/main.js` does: the bundle (Node
 * resolves the links to its build's folder), then the front end beside it. Undefined if none.
 */
function readBuild(distDir: string): string[] | undefined {
  try {
    const main = realpathSync(path.join(distDir, "server", "main.js"));
    const dir = path.join(path.dirname(main), "..", "client");
    return [
      readFileSync(main, "utf8"),
      ...readdirSync(dir)
        .filter((name) => name.startsWith("file-"))
        .map((name) => readFileSync(path.join(dir, name), "utf8")),
    ];
  } catch {
    return undefined;
  }
}

/** The front end as a tool reading dist/client sees it. */
function readClient(distDir: string): string[] {
  const dir = path.join(distDir, "client");
  return readdirSync(dir)
    .filter((name) => name.startsWith("file-"))
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
}

describe("builds into dist/current (dist/client and dist/server)", () => {
  const dirs: string[] = [];
  const newDist = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "harborline-dist-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("skips a build whose sources have not changed, and builds again when they have", async () => {
    const dist = newDist();
    expect(await buildInto(dist, "a1", slowBuild("a1"))).toBe(true);
    expect(await buildInto(dist, "a1", slowBuild("again"))).toBe(false);
    expect(new Set(readBuild(dist))).toEqual(new Set(["a1"]));
    expect(await buildInto(dist, "b2", slowBuild("b2"))).toBe(true);
    expect(currentBuildId(dist)).toBe("b2");
    expect(await buildInto(dist, "b2", slowBuild("forced"), { force: true })).toBe(true);
    expect(new Set(readBuild(dist))).toEqual(new Set(["forced"]));
  });

  it("never shows a half-written build while builds race, and the last one wins", async () => {
    const dist = newDist();
    await buildInto(dist, "first", slowBuild("first"));
    let reading = true;
    const seen: string[][] = [];
    // Each racing build waits, after each file it writes, for the reader to look once more, so
    // the reader looks between every two steps however busy the machine is.
    const waitingForRead: (() => void)[] = [];
    const afterNextRead = () => new Promise<void>((resolve) => waitingForRead.push(resolve));
    const reader = (async () => {
      while (reading) {
        const files = readBuild(dist);
        expect(files, "dist/client was missing").toBeDefined();
        seen.push(files!);
        for (const resume of waitingForRead.splice(0)) resume();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      ["racer-1", "racer-2", "racer-3"].map((label) =>
        buildInto(dist, label, slowBuild(label, afterNextRead), { force: true }),
      ),
    );
    reading = false;
    await reader;
    expect(seen.length).toBeGreaterThanOrEqual(FILES);
    for (const files of seen) {
      // Whole (the server bundle and every file of its front end), and of one build only.
      expect(files).toHaveLength(FILES + 1);
      expect(new Set(files).size).toBe(1);
    }
    expect(["racer-1", "racer-2", "racer-3"]).toContain(currentBuildId(dist));
  });

  it("keeps the last good build when a build fails", async () => {
    const dist = newDist();
    await buildInto(dist, "good", slowBuild("good"));
    await expect(
      buildInto(dist, "bad", async () => {
        throw new Error("vite failed");
      }),
    ).rejects.toThrow("vite failed");
    expect(currentBuildId(dist)).toBe("good");
    expect(readdirSync(path.join(dist, "builds"))).toHaveLength(1);
  });

  it("replaces a dist/client of the older layouts, a plain folder or a link to a build", async () => {
    const dist = newDist();
    mkdirSync(path.join(dist, "client"));
    writeFileSync(path.join(dist, "client", "file-0.txt"), "old");
    await buildInto(dist, "new", slowBuild("new"));
    expect(new Set(readBuild(dist))).toEqual(new Set(["new"]));
    expect(new Set(readClient(dist))).toEqual(new Set(["new"]));

    const linked = newDist();
    mkdirSync(path.join(linked, "builds", "old-1"), { recursive: true });
    writeFileSync(path.join(linked, "builds", "old-1", "file-0.txt"), "old");
    symlinkSync(path.join("builds", "old-1"), path.join(linked, "client"));
    await buildInto(linked, "new", slowBuild("new"));
    expect(new Set(readClient(linked))).toEqual(new Set(["new"]));
  });
});
