/**
 * Renders the blog's illustrations and the feed logo with Chromium:
 *   public/images/blog/NAME.webp                 1200x675 (16:9) illustrations, one per post in content/blog/
 *   public/images/blog/NAME-{480,640,800}w.webp  the same drawings, narrower, for the pages' srcset: a
 *                                                phone (about 380 CSS px wide at 1.75-2x) takes 800w
 *   public/images/rss-logo.png 144x144 channel image for /rss.xml, from public/favicon.svg
 * Run with `node scripts/make-blog-images.ts`.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium.ts";

const navy = "#14213d";
const amber = "#f5b000";
const ivory = "#f4ecd8";
const green = "#0b6b4f";
const sky = "#dbeafe";
const slate = "#334155";
const font = `font-family="Liberation Sans, Arial, sans-serif"`;
const bolt = (x: number, y: number, s: number, fill = amber) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M37 6 15 35h15l-3 23 22-30H34z" fill="${fill}" stroke="${fill}" stroke-width="2" stroke-linejoin="round"/>`;

/** A hatchback in profile, 360 wide, wheels on y=0 of its own frame. */
const car = (x: number, y: number, colour: string, s = 1) => `<g transform="translate(${x} ${y}) scale(${s})">
  <path d="M20 -40 Q24 -92 110 -100 L210 -102 Q262 -100 300 -62 L348 -52 Q362 -48 362 -30 L362 -14 Q362 -4 350 -4 L10 -4 Q0 -4 0 -16 L0 -28 Q0 -38 20 -40Z" fill="${colour}"/>
  <path d="M92 -88 L150 -92 L150 -58 L66 -56 Q70 -84 92 -88Z M164 -92 L214 -92 Q246 -90 272 -60 L164 -58Z" fill="${sky}" opacity=".9"/>
  <circle cx="84" cy="-4" r="34" fill="#0f172a"/><circle cx="84" cy="-4" r="14" fill="#94a3b8"/>
  <circle cx="286" cy="-4" r="34" fill="#0f172a"/><circle cx="286" cy="-4" r="14" fill="#94a3b8"/>
</g>`;

const frame = (body: string, bg = navy) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="${bg}"/>${body}</svg>`;

/** The full-size file (the post's `image`, also the feed's enclosure and og:image), then the variants. */
const WIDTHS = [1200, 800, 640, 480] as const;

const images: Record<string, string> = {
  // Level 1, Level 2 and DC fast charging: three columns of power.
  "charging-levels": frame(
    `<g ${font}>
      <text x="90" y="110" font-size="34" font-weight="700" fill="${ivory}" letter-spacing="4">CHARGING POWER, KILOWATTS</text>
      <line x1="90" y1="560" x2="1110" y2="560" stroke="#64748b" stroke-width="3"/>
      <rect x="150" y="536" width="220" height="24" rx="4" fill="#60a5fa"/>
      <rect x="490" y="430" width="220" height="130" rx="4" fill="#34d399"/>
      <rect x="830" y="170" width="220" height="390" rx="4" fill="${amber}"/>
      ${bolt(905, 270, 1.1, navy)}
      <text x="260" y="515" font-size="40" font-weight="700" fill="${ivory}" text-anchor="middle">1.4</text>
      <text x="600" y="410" font-size="40" font-weight="700" fill="${ivory}" text-anchor="middle">7–19</text>
      <text x="940" y="150" font-size="40" font-weight="700" fill="${ivory}" text-anchor="middle">50–350</text>
      <text x="260" y="615" font-size="30" fill="#cbd5e1" text-anchor="middle">Level 1</text>
      <text x="600" y="615" font-size="30" fill="#cbd5e1" text-anchor="middle">Level 2</text>
      <text x="940" y="615" font-size="30" fill="#cbd5e1" text-anchor="middle">DC fast</text>
    </g>`,
  ),
  // The charging curve: a plateau, then the taper after 80 percent.
  "charging-curve": frame(
    `<g ${font}>
      <rect x="0" y="0" width="1200" height="675" fill="#0c1529"/>
      <g stroke="#1e3a5f" stroke-width="2">
        ${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="140" y1="${140 + i * 80}" x2="1100" y2="${140 + i * 80}"/>`).join("")}
      </g>
      <rect x="908" y="120" width="192" height="420" fill="${amber}" opacity=".12"/>
      <line x1="908" y1="120" x2="908" y2="540" stroke="${amber}" stroke-width="3" stroke-dasharray="10 8"/>
      <path d="M140 420 C190 200 230 170 300 170 L560 176 C700 190 780 230 860 300 C930 360 990 440 1100 500" fill="none" stroke="#34d399" stroke-width="10" stroke-linecap="round"/>
      <line x1="140" y1="540" x2="1100" y2="540" stroke="#94a3b8" stroke-width="3"/>
      <line x1="140" y1="120" x2="140" y2="540" stroke="#94a3b8" stroke-width="3"/>
      <text x="140" y="590" font-size="30" fill="#cbd5e1">0%</text>
      <text x="908" y="590" font-size="30" fill="${amber}" text-anchor="middle" font-weight="700">80%</text>
      <text x="1100" y="590" font-size="30" fill="#cbd5e1" text-anchor="end">100%</text>
      <text x="140" y="90" font-size="34" font-weight="700" fill="${ivory}" letter-spacing="4">POWER AS THE BATTERY FILLS</text>
      <text x="620" y="640" font-size="26" fill="#94a3b8" text-anchor="middle">state of charge</text>
    </g>`,
  ),
  // Winter range: a car on a snowy road under falling snow, a thermometer.
  "winter-range": frame(
    `<rect width="1200" height="675" fill="#1e3a5f"/>
    <path d="M0 470 Q300 420 600 450 T1200 430 V675 H0Z" fill="#e2e8f0"/>
    <path d="M0 560 L1200 520 V600 L0 650Z" fill="#94a3b8"/>
    ${car(380, 586, "#b91c1c", 1.2)}
    <g fill="#ffffff" opacity=".85">${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 197) % 1200}" cy="${(i * 113) % 420}" r="${3 + (i % 4)}"/>`).join("")}</g>
    <g transform="translate(1010 90)">
      <rect x="0" y="0" width="56" height="260" rx="28" fill="#f8fafc"/>
      <circle cx="28" cy="270" r="50" fill="#f8fafc"/>
      <rect x="16" y="150" width="24" height="120" rx="12" fill="#2563eb"/>
      <circle cx="28" cy="270" r="36" fill="#2563eb"/>
    </g>
    <g transform="translate(120 110)">
      <rect x="0" y="0" width="200" height="96" rx="14" fill="none" stroke="#f8fafc" stroke-width="10"/>
      <rect x="200" y="28" width="18" height="40" rx="4" fill="#f8fafc"/>
      <rect x="16" y="16" width="70" height="64" rx="6" fill="${amber}"/>
    </g>`,
    "#1e3a5f",
  ),
  // Plugs: from the CCS1 face to the J3400 (NACS) face, the way the industry is moving.
  "plug-standards": frame(
    `<g ${font}>
      <g transform="translate(870 330)">
        <path d="M-150 -40 Q-150 -160 0 -160 Q150 -160 150 -40 L150 30 Q150 150 0 150 Q-150 150 -150 30Z" fill="#e2e8f0"/>
        <circle cx="-62" cy="-62" r="30" fill="${navy}"/><circle cx="62" cy="-62" r="30" fill="${navy}"/>
        <circle cx="0" cy="-18" r="18" fill="${navy}"/>
        <circle cx="-62" cy="50" r="16" fill="${navy}"/><circle cx="62" cy="50" r="16" fill="${navy}"/>
        <text x="0" y="230" font-size="34" font-weight="700" fill="${ivory}" text-anchor="middle">J3400 (NACS)</text>
      </g>
      <g transform="translate(330 300)">
        <circle cx="0" cy="-40" r="125" fill="#e2e8f0"/>
        <circle cx="-50" cy="-98" r="24" fill="${navy}"/><circle cx="50" cy="-98" r="24" fill="${navy}"/>
        <circle cx="-80" cy="-28" r="14" fill="${navy}"/><circle cx="80" cy="-28" r="14" fill="${navy}"/>
        <circle cx="0" cy="20" r="24" fill="${navy}"/>
        <rect x="-115" y="110" width="230" height="120" rx="30" fill="#e2e8f0"/>
        <circle cx="-52" cy="170" r="34" fill="${navy}"/><circle cx="52" cy="170" r="34" fill="${navy}"/>
        <text x="0" y="290" font-size="34" font-weight="700" fill="${ivory}" text-anchor="middle">CCS1</text>
      </g>
      <path d="M555 330 H655" stroke="${amber}" stroke-width="10" stroke-linecap="round"/>
      <path d="M630 305 L660 330 L630 355" fill="none" stroke="${amber}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    </g>`,
  ),
  // A house with a wall charger and a car plugged in.
  "home-charger": frame(
    `<rect width="1200" height="675" fill="#fef3c7"/>
    <circle cx="1040" cy="120" r="60" fill="${amber}"/>
    <rect x="0" y="560" width="1200" height="115" fill="#a8a29e"/>
    <path d="M120 300 L400 120 L680 300Z" fill="${navy}"/>
    <rect x="160" y="300" width="480" height="260" fill="${ivory}"/>
    <rect x="210" y="350" width="110" height="90" fill="${sky}" stroke="${slate}" stroke-width="6"/>
    <rect x="390" y="380" width="200" height="180" fill="#cbd5e1" stroke="${slate}" stroke-width="6"/>
    <rect x="660" y="380" width="60" height="96" rx="10" fill="${green}"/>
    ${bolt(670, 396, 0.6)}
    <path d="M690 476 C700 560 760 560 800 520" fill="none" stroke="#1f2937" stroke-width="10" stroke-linecap="round"/>
    ${car(760, 600, "#0e7490", 1.1)}`,
    "#fef3c7",
  ),
};

const publicDir = new URL("../public/", import.meta.url);
const blogDir = new URL("images/blog/", publicDir);
mkdirSync(fileURLToPath(blogDir), { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const written: string[] = [];
try {
  for (const width of WIDTHS) {
    const height = Math.round((width * 675) / 1200);
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    for (const [name, drawing] of Object.entries(images)) {
      // Each size is drawn from the vector at that size (sharper than scaling the big bitmap down).
      const svg = drawing.replace('width="1200" height="675"', `width="${width}" height="${height}"`);
      await page.setContent(
        `<!doctype html><html><head><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden}svg{display:block}</style></head><body>${svg}</body></html>`,
      );
      // WebP: a third the bytes of the PNG, and the first post's image is /blog's largest paint. The
      // narrower files (what phones and /blog's grid load) at quality 0.75: a fifth fewer bytes than
      // 0.85 and no visible difference on these flat drawings at their size.
      const png = await page.screenshot({ type: "png" });
      const webp = await page.evaluate(
        async ([b64, quality]) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.width;
          canvas.height = img.height;
          canvas.getContext("2d")?.drawImage(img, 0, 0);
          return canvas.toDataURL("image/webp", quality).split(",")[1] ?? "";
        },
        [png.toString("base64"), width === 1200 ? 0.85 : 0.75] as const,
      );
      const file = fileURLToPath(
        new URL(width === 1200 ? `${name}.webp` : `${name}-${width}w.webp`, blogDir),
      );
      writeFileSync(file, Buffer.from(webp, "base64"));
      written.push(file);
    }
    await page.close();
  }
  // The feed's channel image: the favicon's bolt tile at 144x144, transparent corners.
  const logo = await browser.newPage({ viewport: { width: 144, height: 144 }, deviceScaleFactor: 1 });
  const favicon = readFileSync(new URL("favicon.svg", publicDir), "utf8").replace(
    "<svg ",
    '<svg width="144" height="144" ',
  );
  await logo.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;background:transparent;width:144px;height:144px;overflow:hidden}svg{display:block}</style></head><body>${favicon}</body></html>`,
  );
  const logoFile = fileURLToPath(new URL("images/rss-logo.png", publicDir));
  await logo.screenshot({ path: logoFile, type: "png", omitBackground: true });
  written.push(logoFile);
} finally {
  await browser.close();
}
for (const file of written) {
  console.log(`Wrote ${file.slice(file.indexOf("/public/") + 1)} (${statSync(file).size} bytes)`);
}
