/**
 * `npm start`: builds only when the sources changed since dist/current was built, then runs the
 * built server in this same process. The question is answered in plain JavaScript
 * (build-id.mjs), so a start on a built tree costs one hash of the sources, no TypeScript
 * compiler and no second Node process.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { currentBuildId, sourceBuildId } from "./build-id.mjs";

if (currentBuildId(path.resolve("dist")) !== sourceBuildId()) {
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = path.resolve("dist/server/main.js");
// The processes the server starts run its entry themselves (the child that prepares a new
// embedded database, and node:cluster's with WEB_CONCURRENCY): they find it as the main script.
process.argv[1] = server;
await import(pathToFileURL(server).href);
