/**
 * `npm run build` (and so `npm start`): the client build and its prerendered pages into
 * dist/client, skipped when dist/client already holds the build of the same sources
 * (`--force` builds anyway). See build-output.ts for how two builds at once stay apart.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildId, buildInto, sourceFiles } from "./build-output";

const inputs = [
  "src/client",
  "src/content",
  "src/shared",
  "src/server/plugins/page-files.ts",
  "scripts/build.ts",
  "scripts/build-output.ts",
  "scripts/prerender.ts",
  "scripts/build-manifest.ts",
  "scripts/og-image.ts",
  "vite.config.ts",
  "package-lock.json",
];

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

const id = buildId(sourceFiles(inputs));
const built = await buildInto(
  path.resolve("dist"),
  id,
  async (outDir) => {
    await run(process.execPath, [
      path.resolve("node_modules/vite/bin/vite.js"),
      "build",
      "--outDir",
      outDir,
      "--emptyOutDir",
    ]);
    await run(process.execPath, ["--import", "tsx", "scripts/prerender.ts", outDir]);
  },
  { force: process.argv.includes("--force") },
);
console.log(
  built ? `Built ${id} into dist/client.` : `dist/client is current (${id}): not rebuilt.`,
);
