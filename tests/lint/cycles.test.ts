import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import cycles in src/: each module's static imports, resolved as TypeScript resolves them
 * (the @/, @shared/ and @content/ aliases included), form no loop. A lazy import() is a
 * code-split point, left out on purpose: a lazy import back into its importer is allowed.
 */
const root = path.resolve("src");
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile("tsconfig.json", ts.sys.readFile).config,
  ts.sys,
  process.cwd(),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The project files a module imports statically (`import ... from`, `export ... from`). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers = source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
  return specifiers.flatMap((specifier) => {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    const target = resolved?.resolvedFileName;
    return target && !resolved.isExternalLibraryImport && target.startsWith(root) ? [target] : [];
  });
}

/** Every cycle's files, found as the strongly connected components of the import graph. */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = graph.get(node)?.includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("the import graph of src/", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCycles(graph).map((cycle) => cycle.sort())).toEqual([["a", "b", "c"]]);
  });

  it("has no cycle", () => {
    const files = sourceFiles(root);
    const graph = new Map(files.map((file) => [file, staticImports(file)]));
    // The walk really follows the aliases: the app imports its routes, a page its features.
    expect(graph.get(path.join(root, "server/app.ts"))).toContain(
      path.join(root, "server/routes/api/leads.ts"),
    );
    expect(graph.get(path.join(root, "client/pages/contact.tsx"))?.length).toBeGreaterThan(3);
    const cycles = importCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(root, file)).sort(),
    );
    expect(cycles).toEqual([]);
  });
});
