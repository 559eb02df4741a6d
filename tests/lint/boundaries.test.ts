import { readdirSync } from "node:fs";
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
});
