import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
            // Every page's script in one chunk: React, React DOM, React Router, the root route and
            // the frame's small modules (header, menus, the toasts' area; the footer loads when
            // seen, the toasts themselves and the error screens when shown). Separate files each
            // cost a request and compress worse than one (1.5 KB gzip more, split as entry,
            // react-dom and shell). Lazily loaded widgets stay separate.
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  // Also the bundler's runtime helpers and React Router's client entry (each in a file
                  // of its own cost a request and a gzip stream for a few hundred bytes), and the
                  // site's small settings modules: split off, the pages that use them loaded a chunk
                  // more (measured: +0.4 to +1.8 KB on /faq, /books and /radio).
                  test: /\/node_modules\/(react|react-dom|scheduler|react-router)\/|rolldown[:/]runtime|\/entry\.client\.tsx$|\/app\/root\.tsx$|\/content\/(identity|embeds|site)\.ts$|\/domain\/(dates|numbers|sections)\.ts$|\/app\/(lib\/(dates|links|seo|toast|interaction)\.ts|components\/(layout|ui)\/(?!SiteFooter\.tsx|ToastList\.tsx|ErrorPage\.tsx|NotFound\.tsx|[^/]*\.(radix|sheet)\.tsx)[^/]+\.tsx)$/,
                },
                // What the home and section pages share (cards, blocks; the skeletons load on interaction); the home page's own
                // ticker goes with its route module, its video and newsletter load when seen.
                {
                  name: "news",
                  test: /\/app\/components\/news\/(Article[A-Za-z]+|NewsBlock|Loading)\.tsx$|\/domain\/load-failure\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  // No __vitePreload wrapper around import(): the lazily loaded widgets need no preload help.
  build: { assetsInlineLimit: 0, modulePreload: false },
  plugins: [tailwindcss(), reactRouter()],
});
