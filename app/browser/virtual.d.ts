/** The page script's URL (vite.config.ts, pageScript). */
declare module "virtual:page-script" {
  const url: string;
  export default url;
}
