import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The page script (app/browser/page.ts): every page's one script of our own, built as an entry of
 * the browser's build (hashed, its islands split off by import()). React Router's own client entry
 * is built too but no page loads it (ADR 0014). The server learns the script's URL from
 * `virtual:page-script`: the built file in production, the source in development.
 */
const PAGE_SCRIPT = "app/browser/page.ts";
const VIRTUAL = "virtual:page-script";
function pageScript(): Plugin {
  let built: string | undefined;
  // What the page script imports statically, however deep: preloaded beside it, so the browser
  // fetches them at once rather than one level of imports after another.
  let imports: string[] = [];
  let base = "/";
  return {
    name: "page-script",
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      if (this.environment.name === "client" && this.environment.mode === "build")
        this.emitFile({ type: "chunk", id: PAGE_SCRIPT, name: "page" });
    },
    generateBundle(_, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || !chunk.facadeModuleId?.endsWith(PAGE_SCRIPT))
          continue;
        built = `${base}${chunk.fileName}`;
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const dep = bundle[fileName];
          if (seen.has(fileName) || dep?.type !== "chunk") return;
          seen.add(fileName);
          for (const next of dep.imports) visit(next);
        };
        for (const next of chunk.imports) visit(next);
        imports = [...seen].map((fileName) => `${base}${fileName}`);
      }
    },
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : undefined;
    },
    load(id) {
      if (id !== `\0${VIRTUAL}`) return;
      // The browser's copy of the root module (React Router's client build) never runs.
      if (this.environment.name === "client" && this.environment.mode === "build")
        return "export default ''; export const preload = [];";
      if (this.environment.mode === "build" && !built)
        throw new Error("page-script: the client build did not emit app/browser/page.ts");
      return `export default ${JSON.stringify(built ?? `${base}${PAGE_SCRIPT}`)};
export const preload = ${JSON.stringify(built ? imports : [])};`;
    },
  };
}

/**
 * In development a change reloads the page: pages are server HTML with no router in the browser to
 * swap modules into (React Refresh only reached whole hydrated pages), and a server-only module's
 * change shows only in a new page anyway. Stylesheets still update in place.
 */
function reloadOnChange(): Plugin {
  return {
    name: "reload-on-change",
    apply: "serve",
    hotUpdate({ file }) {
      if (this.environment.name !== "client" || file.endsWith(".css")) return;
      if (!/[\\/](app|server|domain|content)[\\/]/.test(file)) return;
      this.environment.hot.send({ type: "full-reload" });
      return [];
    },
  };
}

/**
 * In the browser, islands run on Preact's React-compatible API (ADR 0016): the same components,
 * rendered to HTML by React on the server, hydrated by a runtime of ~10 KB instead of React DOM's
 * 68 KB, whose evaluation alone was a long task after the first paint on every island page.
 */
const PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
function preactInTheBrowser(): Plugin {
  return {
    name: "preact-in-the-browser",
    enforce: "pre",
    async resolveId(id, importer, options) {
      const target = PREACT[id];
      // Our modules only: React Router's own client build (built, never loaded: ADR 0014) keeps
      // the React it was written for.
      if (
        !target ||
        this.environment.name !== "client" ||
        !importer ||
        /[\\/]node_modules[\\/]/.test(importer)
      )
        return;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  // The SSR bundle's entry is our Express app, so server.ts loads one module graph (one store,
  // one scheduler) in production.
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          // The server is one file: a route's import() of a module the server also imports
          // statically splits nothing there, by design (the split is for the browser's build).
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
    client: {
      build: {
        rollupOptions: {
          output: {
            // The island runtime (Preact) in one chunk of its own, shared by every island and cached
            // across pages; the rest is split by the bundler along the islands' import() calls.
            codeSplitting: {
              groups: [{ name: "preact", test: /node_modules[\\/]preact[\\/]/ }],
            },
          },
        },
      },
    },
  },
  // No __vitePreload wrapper around import(): an island's chunks load in one step anyway.
  build: { assetsInlineLimit: 0, modulePreload: false },
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter(), pageScript(), reloadOnChange()],
});
