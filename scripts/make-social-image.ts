/**
 * Renders the site's brand images with Chromium:
 *   public/images/social-default.png   1200x630 social card (Open Graph / Twitter)
 *   public/images/apple-touch-icon.png 180x180 home-screen icon
 *   public/favicon.svg                 lightning bolt in a rounded square
 * Run with `node scripts/make-social-image.ts`.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { site } from "#content/site.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium.ts";

const navy = "#14213d";
const deepNavy = "#0c1529";
const amber = "#f5b000";
const ivory = "#f4ecd8";

const boltPath = "M37 6 15 35h15l-3 23 22-30H34z";

/**
 * The bolt on a navy tile, in a 64x64 box. `radius` 0 gives a full-bleed square for home-screen icons, where
 * the platform rounds the corners itself; there the bolt is drawn smaller to leave a safe margin.
 */
function markSvg(radius: number, size?: number): string {
  const dimensions = size ? ` width="${size}" height="${size}"` : "";
  const inset = radius === 0 ? ` transform="translate(8 8) scale(.75)"` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"${dimensions}>` +
    `<rect width="64" height="64" rx="${radius}" fill="${navy}"/>` +
    `<path d="${boltPath}" fill="${amber}" stroke="${amber}" stroke-width="2" stroke-linejoin="round"${inset}/>` +
    "</svg>"
  );
}

function fontFace(weight: number, style: "normal" | "italic"): string {
  const file = new URL(
    `../node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-${weight}-${style}.woff2`,
    import.meta.url,
  );
  return (
    `@font-face{font-family:"Source Serif 4";font-style:${style};font-weight:${weight};` +
    `src:url(data:font/woff2;base64,${readFileSync(file).toString("base64")}) format("woff2");}`
  );
}

const socialHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
${fontFace(700, "normal")}
${fontFace(400, "italic")}
* { box-sizing: border-box; margin: 0; }
html, body { width: 1200px; height: 630px; overflow: hidden; }
body { background: ${deepNavy}; color: ${ivory}; font-family: "Source Serif 4", Georgia, serif; }
.card { position: absolute; inset: 28px; border: 2px solid ${amber}; padding: 0 72px;
  display: flex; flex-direction: column; justify-content: center; background: ${navy}; }
.card::after { content: ""; position: absolute; inset: 8px; border: 1px solid rgba(245, 176, 0, 0.35); }
.kicker { display: flex; align-items: center; gap: 18px; font-family: "Liberation Sans", Arial, sans-serif;
  font-size: 20px; letter-spacing: 0.22em; text-transform: uppercase; color: ${amber}; margin-bottom: 26px; }
.kicker svg { width: 64px; height: 64px; flex: none; }
h1 { font-size: 104px; line-height: 1; font-weight: 700; letter-spacing: -0.01em; }
.rule { height: 4px; width: 140px; background: ${amber}; margin: 34px 0 28px; }
p { font-size: 34px; line-height: 1.3; font-style: italic; max-width: 960px; color: #e3dccb; }
.network { position: absolute; right: 72px; bottom: 44px; font-family: "Liberation Sans", Arial, sans-serif;
  font-size: 18px; letter-spacing: 0.12em; text-transform: uppercase; color: #aab3c5; }
</style></head><body><div class="card">
<div class="kicker">${markSvg(12)}<span>News for the electric age</span></div>
<h1>${site.title}</h1>
<div class="rule"></div>
<p>${site.tagline}</p>
<div class="network">A ${site.network.name} publication</div>
</div></body></html>`;

const iconHtml = `<!doctype html><html><head><style>html,body{margin:0;width:180px;height:180px;overflow:hidden}
svg{display:block}</style></head><body>${markSvg(0, 180)}</body></html>`;

const publicDir = new URL("../public/", import.meta.url);
const outputs = {
  favicon: fileURLToPath(new URL("favicon.svg", publicDir)),
  social: fileURLToPath(new URL("images/social-default.png", publicDir)),
  touch: fileURLToPath(new URL("images/apple-touch-icon.png", publicDir)),
};
mkdirSync(fileURLToPath(new URL("images/", publicDir)), { recursive: true });

writeFileSync(outputs.favicon, `${markSvg(14)}\n`);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const social = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await social.setContent(socialHtml, { waitUntil: "load" });
  await social.evaluate(() => document.fonts.ready);
  await social.screenshot({ path: outputs.social, type: "png" });

  const icon = await browser.newPage({ viewport: { width: 180, height: 180 }, deviceScaleFactor: 1 });
  await icon.setContent(iconHtml, { waitUntil: "load" });
  await icon.screenshot({ path: outputs.touch, type: "png" });
} finally {
  await browser.close();
}

const socialBytes = statSync(outputs.social).size;
if (socialBytes > 120 * 1024)
  throw new Error(`social-default.png is ${socialBytes} bytes, over the 120 KB budget`);
for (const file of Object.values(outputs)) {
  console.log(`Wrote ${file.slice(file.indexOf("/public/") + 1)} (${statSync(file).size} bytes)`);
}
