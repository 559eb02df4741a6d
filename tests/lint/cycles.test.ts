import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import cycles in src/: each module's imports, resolved as TypeScript resolves them (the @/,
 * @shared/ and @content/ aliases included), form no loop. A lazy `import("...")` counts like a
 * static one: a code-split point still runs its module's imports, so a lazy import back into its
 * importer is a loop too. And on the server, whose folders are layered (eslint.config.js), no
 * two folders import each other, directly or round a longer loop.
 */
const root = path.resolve("src");
const serverRoot = path.join(root, "server");
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

/** What a module names to import: `import ... from`, `export ... from`, and `import("...")`. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project files a module imports, statically or lazily. */
function projectImports(file: string): string[] {
  return specifiers(file).flatMap((specifier) => {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    const target = resolved?.resolvedFileName;
    return target && !resolved.isExternalLibraryImport && target.startsWith(root) ? [target] : [];
  });
}

/** Every cycle's nodes, found as the strongly connected components of the graph. */
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

/**
 * The server's folders and what each imports of the others. A file at the server's top
 * (app.ts, config.ts, ...) is a unit of its own; a test is left out, as nothing imports it.
 */
function serverFolderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folderOf = (file: string) => {
    const [first, ...rest] = path.relative(serverRoot, file).split(path.sep);
    return rest.length > 0 ? first! : first!.replace(/\.tsx?$/, "");
  };
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(serverRoot + path.sep) || /\.test\.tsx?$/.test(file)) continue;
    const from = folderOf(file);
    const edges = folders.get(from) ?? folders.set(from, new Set()).get(from)!;
    for (const target of targets) {
      const to = target.startsWith(serverRoot + path.sep) ? folderOf(target) : undefined;
      if (to && to !== from) edges.add(to);
    }
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

const files = sourceFiles(root);
const graph = new Map(files.map((file) => [file, projectImports(file)]));

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

  it("follows aliases and lazy imports", () => {
    // The app imports its routes, a page its features, and the app loads its pages lazily.
    expect(graph.get(path.join(root, "server/app.ts"))).toContain(
      path.join(root, "server/routes/api/leads.ts"),
    );
    expect(graph.get(path.join(root, "client/pages/contact.tsx"))?.length).toBeGreaterThan(3);
    expect(graph.get(path.join(root, "client/app.tsx"))).toContain(
      path.join(root, "client/pages/contact.tsx"),
    );
  });

  it("has no cycle, lazy imports included", () => {
    const cycles = importCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(root, file)).sort(),
    );
    expect(cycles).toEqual([]);
  });

  it("has no loop between the server's folders", () => {
    const folders = serverFolderGraph(graph);
    // The walk sees the folders: the routes import the nouns, which import the database.
    expect(folders.get("routes")).toContain("tickets");
    expect(folders.get("tickets")).toContain("db");
    expect(importCycles(folders).map((cycle) => cycle.sort())).toEqual([]);
  });
});
