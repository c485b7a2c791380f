/** The page script's URL (vite.config.ts, pageScript). */
declare module "virtual:page-script" {
  const url: string;
  export default url;
  /** The modules it imports statically, for <link rel="modulepreload"> (none in development). */
  export const preload: string[];
}

/** React Refresh's runtime, installed before islands hydrate in development (app/browser/islands.ts). */
declare module "virtual:react-router/inject-hmr-runtime" {}
