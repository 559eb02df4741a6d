/**
 * `npm run build` (and so `npm start`): the client build and its prerendered pages, and the
 * server bundled ahead of time, into one build folder that becomes dist/current (dist/client and
 * dist/server point into it). Skipped when dist/current already holds the build of the same
 * sources (`--force` builds anyway). See build-output.ts for how two builds at once stay apart.
 */
import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { buildAnalyticsTag } from "./analytics-tag";
import { sourceBuildId } from "./build-id.mjs";
import { buildInto } from "./build-output";

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    // A production build whatever the caller's NODE_ENV (the browser tests' server has "test"):
    // the build's id is its sources alone, so the same sources must give the same bytes.
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** The front end: vite, then the prerendered pages, into <outDir>/client. */
async function buildClient(outDir: string) {
  await run(process.execPath, [
    path.resolve("node_modules/vite/bin/vite.js"),
    "build",
    "--outDir",
    outDir,
    "--emptyOutDir",
  ]);
  await run(process.execPath, ["--import", "tsx", "scripts/prerender.ts", outDir]);
  await buildAnalyticsTag(path.join(outDir, "js", "hl.js"));
}

/**
 * The server as ES modules, <outDir>/main.js and its chunks, so a start loads plain JavaScript instead of
 * compiling TypeScript. Packages stay in node_modules (native and optional ones load as they
 * would unbundled). The migrations sit beside it, where src/server/db/client.ts looks for them
 * (next to the module), and the bundle serves the front end of its own build (../client).
 */
async function buildServer(outDir: string) {
  await build({
    entryPoints: ["src/server/main.ts"],
    outdir: outDir,
    // Chunks loaded as the entry imports them: the process that starts the others
    // (WEB_CONCURRENCY) loads none of the server.
    splitting: true,
    // Beside main.js: the client build and the migrations are found relative to the module.
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    sourcemap: "linked",
    define: { BUNDLED_CLIENT_DIR: JSON.stringify("../client") },
    logLevel: "warning",
  });
  cpSync("src/server/db/migrations", path.join(outDir, "migrations"), { recursive: true });
  // The documents' fonts, where src/server/documents/pdf.ts looks for them (next to the module).
  cpSync("src/server/documents/fonts", path.join(outDir, "fonts"), { recursive: true });
}

const id = sourceBuildId();
const built = await buildInto(
  path.resolve("dist"),
  id,
  async (outDir) => {
    await Promise.all([
      buildClient(path.join(outDir, "client")),
      buildServer(path.join(outDir, "server")),
    ]);
  },
  { force: process.argv.includes("--force") },
);
console.log(
  built
    ? `Built ${id} into dist/current (dist/client, dist/server).`
    : `dist/current is current (${id}): not rebuilt.`,
);
