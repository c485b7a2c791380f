import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkImports, importSpecifiers, layerOf, readImportGraph } from "./import-graph.ts";

const trees: string[] = [];

/** A small source tree in a temporary folder: { "server/a.ts": "source", … }. */
/** The subpath imports our package.json declares, for trees that do not bring their own. */
const MANIFEST = JSON.stringify({
  imports: {
    "#domain/*": "./domain/*",
    "#server/*": "./server/*",
    "#app/*": "./app/*",
    "#content/*": "./content/*",
    "#scripts/*": "./scripts/*",
  },
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "import-graph-"));
  trees.push(root);
  for (const [file, source] of Object.entries({ "package.json": MANIFEST, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

function rules(files: Record<string, string>): string[] {
  return checkImports(readImportGraph(tree(files))).map((violation) => violation.rule);
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("importSpecifiers", () => {
  it("reads static, re-exported, side-effect, type-only and literal dynamic imports", () => {
    const source = [
      'import { a } from "./a.ts";',
      "import type { B } from '../b.ts';",
      "import {",
      "  c,",
      "  type D,",
      '} from "./c.ts";',
      'export { e } from "./e.ts";',
      'export * from "./f.ts";',
      'import "./g.css";',
      'const h = await import("./h.ts");',
      'import { useState } from "react";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "./a.ts",
      "../b.ts",
      "./c.ts",
      "./e.ts",
      "./f.ts",
      "./g.css",
      "./h.ts",
    ]);
  });

  it("ignores imports named in comments and prose", () => {
    const source = [
      '// import { x } from "../app/routes/x.tsx";',
      "/* import { y } from '../app/routes/y.tsx'; */",
      "/**",
      ' * import { z } from "../app/routes/z.tsx";',
      " */",
      'const text = "we import data from files";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([]);
  });
});

describe("layerOf", () => {
  it("splits app/ into its routes, components and lib layers", () => {
    expect(layerOf("app/routes/news/home.tsx")).toBe("app/routes");
    expect(layerOf("app/lib/dates.ts")).toBe("app/lib");
    expect(layerOf("app/root.tsx")).toBe("app");
    expect(layerOf("server/store/sqlite/db.server.ts")).toBe("server");
    expect(layerOf("domain/article.ts")).toBe("domain");
    expect(layerOf("server.ts")).toBe(".");
  });
});

describe("subpath imports", () => {
  it("resolve through package.json's imports, and a tree without them reads relative imports only", () => {
    const root = tree({
      "app/routes/news/home.tsx": 'import { load } from "#server/news/pages.server.ts";',
      "server/news/pages.server.ts": 'import { a } from "#domain/article";',
      "domain/article.ts": "export const a = 1;",
    });
    expect(readImportGraph(root).map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([
      "app/routes/news/home.tsx -> server/news/pages.server.ts",
      "server/news/pages.server.ts -> domain/article.ts",
    ]);
    rmSync(path.join(root, "package.json"));
    expect(readImportGraph(root).map((edge) => edge.to)).toEqual([
      "#server/news/pages.server.ts",
      "#domain/article",
    ]);
  });
});

describe("checkImports", () => {
  it("passes a tree whose imports flow one way", () => {
    expect(
      rules({
        "app/routes/news/home.tsx":
          'import { load } from "#server/news.server.ts";\nimport "../../lib/a.ts";\nimport { s } from "#domain/sections.ts";',
        "server/news.server.ts":
          'import { sections } from "#domain/sections.ts";\nimport { db } from "./store/sqlite/db.server";',
        "server/store/sqlite/db.server.ts": 'import { sections } from "#domain/sections.ts";',
        "domain/sections.ts": "export const sections = [];",
        "app/lib/a.ts": 'import { site } from "#content/site.ts";',
        "content/site.ts": "export const site = {};",
        "scripts/tool.ts": 'import { db } from "#server/store/sqlite/db.server.ts";',
        "bench/run.ts": 'import { a } from "#app/lib/a.ts";',
      }),
    ).toEqual([]);
  });

  it("fails when server code imports anything of app/: routes, components or lib", () => {
    expect(
      rules({
        "server/publishing/rss.server.ts": 'import { loader } from "#app/routes/files/rss.tsx";',
        "app/routes/files/rss.tsx": "export const loader = 1;",
      }),
    ).toEqual(["server-imports-app"]);
    expect(
      rules({
        "server/news.server.ts":
          'import { a } from "#app/lib/dates.ts";\nimport { B } from "#app/components/B.tsx";',
        "app/lib/dates.ts": "export const a = 1;",
        "app/components/B.tsx": "export const B = 1;",
      }),
    ).toEqual(["server-imports-app", "server-imports-app"]);
  });

  it("fails on a type-only import of a route by server code, without extension", () => {
    expect(
      rules({
        "server/a.server.ts": 'import type { Route } from "#app/routes/news/home";',
        "app/routes/news/home.tsx": "export type Route = {};",
      }),
    ).toEqual(["server-imports-app"]);
  });

  it("fails on a ../ import that leaves its top-level folder, and names the subpath to use", () => {
    const root = tree({
      "server/news.server.ts": 'import { a } from "../domain/article.ts";',
      "domain/article.ts": "export const a = 1;",
      "server/http/x.server.ts": 'import { n } from "../news.server.ts";',
      "scripts/screens.ts": 'import config from "../playwright.config.ts";',
      "playwright.config.ts": "export default {};",
    });
    const violations = checkImports(readImportGraph(root));
    expect(violations.map((violation) => violation.rule)).toEqual(["relative-across-folders"]);
    expect(violations[0]?.message).toContain("#domain/article.ts");
  });

  it("lets a server test import a route", () => {
    expect(
      rules({
        "server/publishing/routes.server.test.ts": 'import { loader } from "#app/routes/files/rss.tsx";',
        "app/routes/files/rss.tsx": 'import { x } from "#server/publishing/x.server.ts";',
        "server/publishing/x.server.ts": "export const x = 1;",
      }),
    ).toEqual([]);
  });

  it("fails when app/lib imports server code, and names the cycle it closes", () => {
    const root = tree({
      "app/lib/context.ts": 'import type { Services } from "#server/services.server.ts";',
      "server/services.server.ts": 'import { a } from "#app/lib/article.ts";',
      "app/lib/article.ts": "export const a = 1;",
    });
    const violations = checkImports(readImportGraph(root));
    expect(violations.map((violation) => violation.rule)).toEqual([
      "lib-imports-server",
      "server-imports-app",
      "layer-cycle",
    ]);
    expect(violations[2]?.message).toContain("import cycle between folders app/lib, server");
    expect(violations[2]?.message).toContain('app/lib/context.ts imports "#server/services.server.ts"');
    expect(violations[2]?.message).toContain('server/services.server.ts imports "#app/lib/article.ts"');
  });

  it("fails on a cycle through three top-level folders", () => {
    expect(
      rules({
        "scripts/a.ts": 'import { b } from "#bench/b.ts";',
        "bench/b.ts": 'import { c } from "#content/c.ts";',
        "content/c.ts": 'import { a } from "#scripts/a.ts";',
        "package.json": JSON.stringify({
          imports: { "#bench/*": "./bench/*", "#content/*": "./content/*", "#scripts/*": "./scripts/*" },
        }),
      }),
    ).toEqual(["layer-cycle", "file-cycle"]);
  });

  it("fails when the store imports the server modules above it, even a type", () => {
    expect(
      rules({
        "server/store/feed-store.ts": 'import type { FeedItem } from "../ingest/normalize.ts";',
        "server/ingest/normalize.ts": 'import type { Store } from "../store/store.ts";',
        "server/store/store.ts": 'import type { A } from "#domain/article.ts";',
        "domain/article.ts": "export type A = 1;",
      }),
    ).toEqual(["store-imports-server"]);
  });

  it("fails on two files that import each other inside one folder, even by type, and names them", () => {
    const root = tree({
      "server/a.server.ts": 'import { b } from "./ingest/b.ts";',
      "server/ingest/b.ts": 'import type { A } from "../a.server.ts";',
    });
    const violations = checkImports(readImportGraph(root));
    expect(violations.map((violation) => violation.rule)).toEqual(["file-cycle"]);
    expect(violations[0]?.message).toContain(
      "import cycle between files server/a.server.ts, server/ingest/b.ts",
    );
    expect(violations[0]?.message).toContain('server/ingest/b.ts imports "../a.server.ts"');
  });

  it("allows a file that others in its folder import, when none imports back", () => {
    expect(
      rules({
        "app/components/Menu.tsx":
          'import { parts } from "./Menu.parts.tsx";\nconst load = () => import("./Menu.radix.tsx");',
        "app/components/Menu.radix.tsx": 'import { parts } from "./Menu.parts.tsx";',
        "app/components/Menu.parts.tsx": "export const parts = 1;",
      }),
    ).toEqual([]);
  });

  it("fails on a cycle through a lazy import too", () => {
    expect(
      rules({
        "app/components/Menu.tsx": 'const load = () => import("./Menu.radix.tsx");',
        "app/components/Menu.radix.tsx": 'import { itemClass } from "./Menu.tsx";',
      }),
    ).toEqual(["file-cycle"]);
  });

  it("keeps domain/ at the bottom: it imports only itself", () => {
    expect(
      rules({
        "domain/sections.ts": 'import { paging } from "./paging.ts";',
        "domain/paging.ts": "export const paging = 1;",
        "app/lib/nav.ts": 'import { sections } from "#domain/sections.ts";',
        "server/news.server.ts": 'import { sections } from "#domain/sections.ts";',
      }),
    ).toEqual([]);
    expect(
      rules({
        "domain/sections.ts": 'import { site } from "#content/site.ts";',
        "content/site.ts": "export const site = 1;",
      }),
    ).toEqual(["domain-imports"]);
  });
});

describe("the project's own tree", () => {
  it("has imports that flow one way", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const edges = readImportGraph(root);
    expect(edges.length).toBeGreaterThan(100);
    expect(checkImports(edges).map((violation) => violation.message)).toEqual([]);
  });
});
