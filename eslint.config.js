import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The server's folders, lowest first: each imports only folders before it in this list, never
 * one after it, so no two folders can import each other (a file at the server's top, such as
 * config.ts, counts as a folder of its own). A test may import any folder. A new folder must take
 * its place here: the configuration refuses to load until it does.
 */
const serverOrder = [
  [
    "config",
    "credentials",
    "metrics",
    "error-log",
    "domain-failure",
    "db",
    "documents",
    "scheduling",
    "net",
    "backup",
  ], // settings, figures, tables, tools
  ["auth", "api-tokens", "mail", "team", "audit", "notices", "webhooks"], // who signs in, what is sent, who is told
  ["analytics", "usage", "monitoring", "websites", "domains", "tickets", "billing", "hours"], // the nouns
  [
    "projects",
    "proposals",
    "status-pages",
    "clients",
    // A converted lead's client.created webhook reads the client as the API shows it.
    "leads",
    "inbound",
    "share-links",
    "reports",
    "bookings",
  ], // nouns built on other nouns
  ["demo"], // the demo's data, made with the nouns
  ["plugins", "routes", "scheduled-work", "app", "processes", "serving-database", "serve", "main"], // the HTTP app, then the process
].flat();

const serverRules = [
  { group: ["@/*", "**/client/**"], message: layer("The server never imports the client.") },
];

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
  // server and client never each other, a server folder imports only those below it
  // (serverOrder), and one feature never reaches into another (what two share goes to
  // components/ or lib/). tests/lint/ proves each rule bites, and finds cycles.
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
  restrictImports(["src/server/**"], serverRules),
  ...serverFolderRules(),
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

/**
 * One rule per server folder and depth: from src/server/<folder>/ (n levels down), the folders
 * after it in serverOrder are "../" n times, then their name. Imports are relative on the
 * server, so the depth says which "../" reaches src/server.
 */
function serverFolderRules() {
  const units = readdirSync("src/server", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => ({ name: entry.name.replace(/\.tsx?$/, ""), folder: entry.isDirectory() }));
  const unplaced = units.filter(({ name }) => !serverOrder.includes(name));
  if (unplaced.length > 0) {
    const names = unplaced.map(({ name }) => name).join(", ");
    throw new Error(`src/server/${names}: give it a place in serverOrder (eslint.config.js).`);
  }
  return units.flatMap(({ name, folder }) => {
    const above = serverOrder.slice(serverOrder.indexOf(name) + 1);
    if (above.length === 0) return [];
    const rule = (files, up) => ({
      files,
      ignores: ["**/*.test.{ts,tsx}"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              ...serverRules,
              {
                group: above.flatMap((other) => [`${up}${other}`, `${up}${other}/**`]),
                message: layer(
                  `${name} imports only the server's folders before it in serverOrder (eslint.config.js).`,
                ),
              },
            ],
          },
        ],
      },
    });
    if (!folder) return [rule([`src/server/${name}.{ts,tsx}`], "./")];
    return Array.from({ length: depth(`src/server/${name}`) }, (_, index) =>
      rule([`src/server/${name}/${"*/".repeat(index)}*.{ts,tsx}`], "../".repeat(index + 1)),
    );
  });
}

/** How many levels of folders a folder has, itself included. */
function depth(dir) {
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => depth(`${dir}/${entry.name}`));
  return 1 + Math.max(0, ...below);
}

function features() {
  return readdirSync("src/client/features", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
