import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The import graph of our own TypeScript, read from the source text (static `import`/`export …
 * from` and literal `import("…")`; relative specifiers and the package's own subpath imports
 * (`#server/…`, package.json "imports"): packages are not ours to order), and the rules that keep
 * it one-way.
 */

export type Edge = { from: string; to: string; specifier: string };

export const DEFAULT_ROOTS = ["domain", "app", "server", "scripts", "bench", "content"];

const SOURCE = /\.tsx?$/;
const SKIP_DIRS = new Set(["node_modules", "build", ".react-router", "data", "public", "fixtures"]);

/** Test files and test-support folders sit beside the code but are not part of what runs. */
export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.split("/").includes("testing");
}

// Anchored at a line start so that comments and prose mentioning "import … from" do not count.
const STATIC = /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*(["'])([^"'\n]+)\1/gm;
const BARE = /^[ \t]*import\s*(["'])([^"'\n]+)\1/gm;
const DYNAMIC = /\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g;

/** Relative and subpath (`#…`) specifiers of one file's imports, in order of appearance. */
export function importSpecifiers(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^[ \t]*\/\/.*$/gm, "");
  const found: Array<[number, string]> = [];
  for (const pattern of [STATIC, BARE, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) found.push([match.index, match[2] as string]);
  }
  return found
    .sort((a, b) => a[0] - b[0])
    .map(([, specifier]) => specifier)
    .filter(
      (specifier) => specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("#"),
    );
}

function listSources(rootDir: string, dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) listSources(rootDir, full, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(path.relative(rootDir, full).split(path.sep).join("/"));
    }
  }
}

/** package.json's "imports" as prefix pairs: `#server/*` → `./server/*` gives ["#server/", "server/"]. */
export function subpathPrefixes(rootDir: string): Array<[string, string]> {
  if (!existsSync(path.join(rootDir, "package.json"))) return [];
  const manifest = JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8")) as {
    imports?: Record<string, string>;
  };
  return Object.entries(manifest.imports ?? {}).map(([key, value]) => [
    key.replace(/\*$/, ""),
    value.replace(/^\.\//, "").replace(/\*$/, ""),
  ]);
}

function resolve(
  rootDir: string,
  from: string,
  specifier: string,
  prefixes: Array<[string, string]>,
): string {
  const subpath = prefixes.find(([key]) => specifier.startsWith(key));
  // A subpath import the package does not declare is not ours to resolve (and would not run).
  if (!subpath && specifier.startsWith("#")) return specifier;
  const bare = subpath
    ? `${subpath[1]}${specifier.slice(subpath[0].length)}`.replace(/\?.*$/, "")
    : specifier.replace(/[?#].*$/, "");
  const target = subpath
    ? path.posix.normalize(bare)
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  for (const candidate of candidates) {
    const full = path.join(rootDir, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return target;
}

/** Every relative import of every .ts/.tsx file under `roots` (paths relative to rootDir). */
export function readImportGraph(rootDir: string, roots: string[] = DEFAULT_ROOTS): Edge[] {
  const files: string[] = [];
  for (const root of roots) listSources(rootDir, path.join(rootDir, root), files);
  const prefixes = subpathPrefixes(rootDir);
  const edges: Edge[] = [];
  for (const from of files.sort()) {
    const source = readFileSync(path.join(rootDir, from), "utf8");
    for (const specifier of importSpecifiers(source)) {
      edges.push({ from, to: resolve(rootDir, from, specifier, prefixes), specifier });
    }
  }
  return edges;
}

/**
 * The folder a file belongs to for layering: the top-level folder, except under app/ where
 * routes/, components/ and lib/ are layers of their own (app's root files count as "app").
 */
export function layerOf(file: string): string {
  const parts = file.split("/");
  if (parts.length === 1) return ".";
  if (parts[0] === "app" && parts.length > 2) return `app/${parts[1]}`;
  return parts[0] as string;
}

export type Violation = { rule: string; message: string };

type Graph = Map<string, Map<string, Edge>>;

/** The strongly connected components of more than one node (Tarjan's algorithm). */
function stronglyConnected(graph: Graph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])])];
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of nodes.sort()) if (!index.has(node)) visit(node);
  return components;
}

/** Cycles on the graph of `nodeOf(file)`, each named with the imports that close it. */
function cycles(edges: Edge[], nodeOf: (file: string) => string, rule: string, what: string): Violation[] {
  const graph: Graph = new Map();
  for (const edge of edges) {
    const a = nodeOf(edge.from);
    const b = nodeOf(edge.to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    const out = graph.get(a) as Map<string, Edge>;
    if (!out.has(b)) out.set(b, edge);
  }
  return stronglyConnected(graph).map((component) => {
    const inside = new Set(component);
    const witnesses: string[] = [];
    for (const a of component) {
      for (const [b, edge] of graph.get(a) ?? []) {
        if (inside.has(b)) witnesses.push(`  ${a} -> ${b}: ${edge.from} imports "${edge.specifier}"`);
      }
    }
    return {
      rule,
      message: `import cycle between ${what} ${component.join(", ")}:\n${witnesses.join("\n")}`,
    };
  });
}

/**
 * The rules: no cycle between layers, nor between any two files (a cycle ties modules so that
 * neither can be read, moved or loaded late without the other); server code never imports
 * app/ (routes call the server, not the other way round; what both need is in domain/); another
 * top-level folder is reached by its subpath import (`#server/…`), never by `../`; the store (server/store/) is the
 * bottom of the server and imports nothing else of it; app/lib/ is browser-safe shared code, so it
 * never imports server/; domain/ imports nothing of ours but itself. Test files are left out: a
 * test may reach across layers to check them.
 */
export function checkImports(edges: Edge[]): Violation[] {
  const running = edges.filter((edge) => !isTestFile(edge.from));
  const violations: Violation[] = [];
  for (const edge of running) {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (from === "server" && (to === "app" || to.startsWith("app/"))) {
      violations.push({
        rule: "server-imports-app",
        message: `${edge.from} imports "${edge.specifier}": server code must not import app/ (shared code lives in domain/)`,
      });
    }
    if (
      edge.specifier.startsWith("../") &&
      edge.to.includes("/") &&
      edge.from.split("/")[0] !== edge.to.split("/")[0]
    ) {
      violations.push({
        rule: "relative-across-folders",
        message: `${edge.from} imports "${edge.specifier}": another top-level folder is reached by its subpath import (#${edge.to})`,
      });
    }
    if (edge.from.startsWith("server/store/") && !edge.to.startsWith("server/store/") && to === "server") {
      violations.push({
        rule: "store-imports-server",
        message: `${edge.from} imports "${edge.specifier}": the store is the bottom layer; it imports only itself and domain/`,
      });
    }
    if (from === "domain" && to !== "domain") {
      violations.push({
        rule: "domain-imports",
        message: `${edge.from} imports "${edge.specifier}": domain/ is the bottom of everything and imports nothing of ours but itself`,
      });
    }
    if (from === "app/lib" && to === "server") {
      violations.push({
        rule: "lib-imports-server",
        message: `${edge.from} imports "${edge.specifier}": app/lib/ is shared with the browser and must not import server/`,
      });
    }
  }
  // Between files too: two modules that import each other can only be read, moved or loaded together.
  return [
    ...violations,
    ...cycles(running, layerOf, "layer-cycle", "folders"),
    ...cycles(running, (file) => file, "file-cycle", "files"),
  ];
}
