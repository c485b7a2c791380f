import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The SSR bundle's entry is our Express app, so server.ts loads one module graph (one store,
  // one scheduler) in production.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // No __vitePreload wrapper around import(): the lazily loaded widgets need no preload help.
  build: { assetsInlineLimit: 0, modulePreload: false },
  plugins: [tailwindcss(), reactRouter()],
});
