import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "data/",
      "screenshots/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The map of docs/architecture.md, enforced. The import direction is one way: content and
    // shared import nothing of ours (shared only itself), server and client import them and never
    // each other, and one feature never reaches into another (what two share goes to components/
    // or lib/). No import cycles anywhere.
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.ts", "tests/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      // A lazy import() back into its importer is a code-split boundary, not a cycle.
      "import-x/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/content",
              from: ["./src/shared", "./src/server", "./src/client"],
              message: "content/ is plain data: it imports nothing of ours.",
            },
            {
              target: "./src/shared",
              from: ["./src/content", "./src/server", "./src/client"],
              message: "shared/ is imported by client and server; it imports nothing of theirs.",
            },
            {
              target: "./src/server",
              from: "./src/client",
              message: "The server never imports the client.",
            },
            {
              target: "./src/client",
              from: "./src/server",
              message: "The client never imports the server.",
            },
            ...featureZones(),
          ],
        },
      ],
    },
  },
);

/** One zone per client feature: it may import its own files, and no other feature's. */
function featureZones() {
  const root = "./src/client/features";
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message: "A feature does not reach into another: move what both need to components/ or lib/.",
    }));
}
