import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildInto, currentBuildId } from "./build-output";

const FILES = 20;

/** A build that writes its files one by one, slowly, each naming the build it belongs to. */
function slowBuild(label: string) {
  return async (outDir: string) => {
    mkdirSync(outDir, { recursive: true });
    for (let i = 0; i < FILES; i++) {
      writeFileSync(path.join(outDir, `file-${i}.txt`), label);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
}

/** What a server starting now would load: every file of dist/client, or undefined if none. */
function readBuild(distDir: string): string[] | undefined {
  try {
    const dir = path.join(distDir, "client");
    return readdirSync(dir)
      .filter((name) => name.startsWith("file-"))
      .map((name) => readFileSync(path.join(dir, name), "utf8"));
  } catch {
    return undefined;
  }
}

describe("builds into dist/client", () => {
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
    const reader = (async () => {
      while (reading) {
        const files = readBuild(dist);
        expect(files, "dist/client was missing").toBeDefined();
        seen.push(files!);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      ["racer-1", "racer-2", "racer-3"].map((label) =>
        buildInto(dist, label, slowBuild(label), { force: true }),
      ),
    );
    reading = false;
    await reader;
    expect(seen.length).toBeGreaterThan(10);
    for (const files of seen) {
      // Whole, and of one build only.
      expect(files).toHaveLength(FILES);
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

  it("replaces a dist/client of the older layout, a plain folder", async () => {
    const dist = newDist();
    mkdirSync(path.join(dist, "client"));
    writeFileSync(path.join(dist, "client", "file-0.txt"), "old");
    await buildInto(dist, "new", slowBuild("new"));
    expect(new Set(readBuild(dist))).toEqual(new Set(["new"]));
  });
});
