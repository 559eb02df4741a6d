import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const clientRules = [
  {
    group: ["**/server/**"],
    message: "The client never imports the server. See docs/architecture.md.",
  },
];

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
  // The map of docs/architecture.md, enforced on import paths (the aliases are @/ for the client,
  // @shared/ and @content/): content and shared import nothing of ours (shared only itself),
  // server and client never each other, and one feature never reaches into another (what two
  // share goes to components/ or lib/). tests/lint/ proves each rule bites, and finds cycles.
  restrictImports(
    ["src/content/**"],
    [
      {
        group: ["@shared/*", "@/*", "**/shared/**", "**/server/**", "**/client/**"],
        message: layer("content/ is plain data: it imports nothing of ours."),
      },
    ],
  ),
  restrictImports(
    ["src/shared/**"],
    [
      {
        group: ["@content/*", "@/*", "**/content/**", "**/server/**", "**/client/**"],
        message: layer("shared/ imports nothing of client, server or content."),
      },
    ],
  ),
  restrictImports(
    ["src/server/**"],
    [{ group: ["@/*", "**/client/**"], message: layer("The server never imports the client.") }],
  ),
  restrictImports(["src/client/**"], clientRules),
  ...features().map((name) =>
    restrictImports(
      [`src/client/features/${name}/**`],
      [
        ...clientRules,
        {
          group: ["@/features/*", `!@/features/${name}`, "../**"],
          message: layer(
            "A feature does not reach into another: move what both need to components/ or lib/.",
          ),
        },
      ],
    ),
  ),
);

function layer(message) {
  return `${message} See docs/architecture.md.`;
}

function restrictImports(files, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

function features() {
  return readdirSync("src/client/features", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
