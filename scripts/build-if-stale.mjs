/**
 * The first half of `npm start`: builds only when the sources changed since dist/current was
 * built. The question is answered in plain JavaScript (build-id.mjs), so a start on a built tree
 * costs one hash of the sources and no TypeScript compiler.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { currentBuildId, sourceBuildId } from "./build-id.mjs";

if (currentBuildId(path.resolve("dist")) !== sourceBuildId()) {
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    stdio: "inherit",
  });
  process.exit(build.status ?? 1);
}
