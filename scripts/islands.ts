import { readFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * `import { Dialog } from "radix-ui"` as `import * as Dialog from "@radix-ui/react-dialog"`. The
 * barrel is one module: shared by the header (Button's Slot) and a form page's lazy chunk (its
 * Dialog, Select...), it would pull all of those into the header's first load.
 */
const radixParts: Plugin = {
  name: "radix-parts",
  setup(builder) {
    builder.onLoad({ filter: /src[\\/]client[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes('from "radix-ui"')) return undefined;
      const contents = source.replace(
        /import \{ (\w+)(?: as (\w+))? \} from "radix-ui";/g,
        (_, part: string, local?: string) => {
          const file = part.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());
          return `import * as ${local ?? part} from "@radix-ui/react-${file}";`;
        },
      );
      return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
};

/**
 * The public pages' islands (src/client/islands.tsx), bundled with React's names resolved to
 * preact/compat: the same components as the app, a tenth of the runtime. Written beside Vite's
 * assets (hashed, immutable, compressed by the prerender); returns the entry's address.
 */
export async function buildIslands(clientDir: string): Promise<string> {
  const result = await build({
    entryPoints: ["src/client/islands.tsx"],
    outdir: path.join(clientDir, "assets"),
    // A lazy page is named after its file ("contact-…"), as in Vite's build.
    entryNames: "[name]-[hash]",
    chunkNames: "island-[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: "es2022",
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    alias: { react: "preact/compat", "react-dom": "preact/compat" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [radixParts],
    metafile: true,
    logLevel: "warning",
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) =>
    output.entryPoint?.endsWith("islands.tsx"),
  );
  if (!entry) throw new Error("the islands build wrote no entry");
  return `/assets/${path.basename(entry[0])}`;
}
