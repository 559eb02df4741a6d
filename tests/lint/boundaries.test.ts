import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layout's rules (docs/architecture.md) hold because ESLint refuses a file that breaks them.
 * Each case lints a made-up file at a real place in the tree, so a rule switched off or a zone
 * that no longer matches the folders fails here.
 */
const eslint = new ESLint();

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

/** Two real features and a real file of the second, so the probe imports something that exists. */
const featuresDir = "src/client/features";
const [home, other] = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFile = readdirSync(path.join(featuresDir, other!)).find((name) =>
  /(?<!\.test)\.tsx?$/.test(name),
)!;

describe("the import boundaries", () => {
  it.each([
    ["content imports shared", "src/content/probe.ts", 'import { z } from "@shared/schemas/zod";'],
    [
      "shared imports the server",
      "src/shared/probe.ts",
      'import { buildApp } from "../server/app";',
    ],
    ["shared imports content", "src/shared/probe.ts", 'import { brand } from "@content/site";'],
    ["the server imports the client", "src/server/probe.ts", 'import { cn } from "@/lib/utils";'],
    [
      "a server folder imports the client",
      "src/server/tickets/probe.ts",
      'import { cn } from "@/lib/utils";',
    ],
    [
      "the client imports the server",
      "src/client/probe.ts",
      'import { buildApp } from "../server/app";',
    ],
    [
      "a feature reaches into another",
      `${featuresDir}/${home}/probe.ts`,
      `import * as other from "@/features/${other}/${otherFile.replace(/\.tsx?$/, "")}";`,
    ],
    [
      "a feature reaches into another by a relative path",
      `${featuresDir}/${home}/probe.ts`,
      `import * as other from "../${other}/${otherFile.replace(/\.tsx?$/, "")}";`,
    ],
  ])("refuses: %s", async (_case, filePath, code) => {
    expect(await problems(filePath, `${code}\nexport {};\n`)).toContain("no-restricted-imports");
  });

  it("lets a feature use its own files, components, lib and shared", async () => {
    const code = [
      'import { cn } from "@/lib/utils";',
      'import { Button } from "@/components/ui/button";',
      'import { ticketSchema } from "@shared/schemas/tickets";',
      "export const probe = [cn, Button, ticketSchema];",
    ].join("\n");
    expect(await problems("src/client/features/tickets/probe.ts", code)).not.toContain(
      "no-restricted-imports",
    );
  });

  /*
   * The server's folders in their order (serverOrder in eslint.config.js). Each probe imports a
   * real module, so a case keeps meaning what it says when files move.
   */
  const imported = (probe: string, specifier: string) => {
    const target = path.join(path.dirname(probe), specifier);
    return [".ts", ".tsx", "/index.ts"].some((ending) => existsSync(`${target}${ending}`));
  };

  it.each([
    ["db imports the demo seeding", "src/server/db/probe.ts", "../demo/seed"],
    ["auth imports team", "src/server/auth/probe.ts", "../team/team"],
    ["notices imports tickets", "src/server/notices/probe.ts", "../tickets/tickets"],
    ["projects imports proposals", "src/server/projects/probe.ts", "../proposals/proposal-reading"],
    [
      "a mail template imports tickets",
      "src/server/mail/templates/probe.tsx",
      "../../tickets/tickets",
    ],
    ["a noun imports the routes", "src/server/tickets/probe.ts", "../routes/api/tickets"],
    ["a route imports the app", "src/server/routes/api/probe.ts", "../../app"],
    ["a file at the server's top imports a later one", "src/server/processes.ts", "./serve"],
  ])("refuses: %s", async (_case, filePath, specifier) => {
    expect(imported(filePath, specifier)).toBe(true);
    const code = `import * as lower from "${specifier}";\nexport { lower };\n`;
    expect(await problems(filePath, code)).toContain("no-restricted-imports");
  });

  it.each([
    [
      "a route importing the nouns, the database, the settings, the demo and its own folder",
      "src/server/routes/api/probe.ts",
      ["../../tickets/tickets", "../../db/schema", "../../config", "../../demo/seed", "./common"],
    ],
    [
      "a noun importing the folders below it and its own files",
      "src/server/tickets/probe.ts",
      ["../notices/ticket-notices", "../audit/audit", "../db/client", "./tickets"],
    ],
    [
      "the app importing the routes and the database",
      "src/server/app.ts",
      ["./routes/api/tickets", "./db/client"],
    ],
    ["a test importing any folder", "src/server/db/probe.test.ts", ["../demo/seed", "../app"]],
  ])("allows: %s", async (_case, filePath, specifiers) => {
    const code = specifiers.map((specifier, index) => {
      expect(imported(filePath, specifier)).toBe(true);
      return `import * as module${index} from "${specifier}";\nexport { module${index} };`;
    });
    expect(await problems(filePath, code.join("\n"))).not.toContain("no-restricted-imports");
  });
});
