import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The SSR bundle's entry is our Express app, so server.ts loads one module graph (one store,
  // one scheduler) in production.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rollupOptions: {
          output: {
            // The frame's and the news pages' small modules in one chunk: a dozen tiny files each
            // cost a request and compress worse than one. Lazily loaded widgets stay separate.
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  test: /\/node_modules\/(react|react-dom|scheduler|react-router)\/|\/app\/(lib\/(dates|numbers|links|sections|seo|toast|interaction)\.ts|components\/(layout|ui)\/(?![^/]*\.(radix|sheet)\.tsx)[^/]+\.tsx)$/,
                },
                // The headline cards, ticker and home-page blocks: only the home and section pages.
                {
                  name: "news",
                  test: /\/app\/components\/news\/[^/]+\.tsx$/,
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
