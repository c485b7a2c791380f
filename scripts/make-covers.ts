/**
 * Writes public/covers/<slug>.webp for every book in content/books.ts, plus public/covers/placeholder.svg.
 * Run with `node scripts/make-covers.ts` (it draws the covers in Chromium: CHROMIUM_PATH, by default
 * /usr/bin/chromium). Output is deterministic: palette, ornament and frame come from a
 * hash of the title, so re-running never changes a cover unless its title changes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { books, COVER_WIDTHS, coverFile, reprintAuthors, seriesName } from "#content/books.ts";

type Palette = { name: string; bg: string; shade: string; accent: string; ink: string };

const palettes: Palette[] = [
  { name: "navy", bg: "#14213d", shade: "#1d2f56", accent: "#c9a227", ink: "#f4ecd8" },
  { name: "emerald", bg: "#0b3d2e", shade: "#114f3c", accent: "#d4af37", ink: "#f3efe0" },
  { name: "burgundy", bg: "#5a1222", shade: "#6d1a2d", accent: "#e0b654", ink: "#f7eee3" },
  { name: "charcoal", bg: "#23262b", shade: "#30343b", accent: "#c8a45a", ink: "#eeeae2" },
  { name: "plum", bg: "#2b1838", shade: "#3a2249", accent: "#d9b46a", ink: "#f2eadf" },
  { name: "ivory", bg: "#f2ead8", shade: "#e6dcc3", accent: "#8a6d1f", ink: "#1b2440" },
  { name: "teal", bg: "#0f3b46", shade: "#164e5b", accent: "#e3c07a", ink: "#f1ece1" },
  { name: "ebony", bg: "#161616", shade: "#242424", accent: "#b89354", ink: "#f0e9dc" },
];

const serif = "'Source Serif 4', Georgia, 'Times New Roman', serif";
const width = 400;
const height = 600;
const centerX = width / 2;

/** FNV-1a, 32-bit: small, stable and well spread for short strings. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Greedy word wrap to at most `maxChars` characters a line (a single longer word keeps its own line). */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type Design = { palette: number; ornament: number; frame: number };

const ornamentKinds = 6;
const frameKinds = 3;
const designCount = palettes.length * ornamentKinds * frameKinds;

function designFor(index: number): Design {
  return {
    palette: index % palettes.length,
    ornament: Math.floor(index / palettes.length) % ornamentKinds,
    frame: Math.floor(index / (palettes.length * ornamentKinds)) % frameKinds,
  };
}

/**
 * Each title hashes to one of the palette x ornament x frame designs; when two titles collide, the later one
 * (in shelf order) steps to the next free design, so every book on the shelf looks different.
 */
function assignDesigns(titles: string[]): Map<string, Design> {
  const used = new Set<number>();
  const result = new Map<string, Design>();
  for (const title of titles) {
    let index = hash(title) % designCount;
    while (used.has(index)) index = (index + 1) % designCount;
    used.add(index);
    result.set(title, designFor(index));
  }
  return result;
}

const designs = assignDesigns(books.map((book) => book.title));

/** Wrap into as few lines as `wrap` would, but with line lengths as even as possible (no lonely last word). */
function balancedWrap(text: string, maxChars: number): string[] {
  let best = wrap(text, maxChars);
  for (let limit = maxChars - 1; limit > 0; limit--) {
    const lines = wrap(text, limit);
    if (lines.length > best.length || lines.some((line) => line.length > limit)) break;
    best = lines;
  }
  return best;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Largest title size whose wrapped lines fit the 300px text column: three lines at display sizes (two when a
 * subtitle follows), one more at the smaller sizes.
 */
function fitTitle(text: string, hasSubtitle: boolean): { size: number; lines: string[] } {
  for (const size of [46, 42, 38, 34, 31, 28]) {
    const maxChars = Math.floor(300 / (size * 0.46));
    const lines = balancedWrap(text, maxChars);
    const longest = Math.max(...lines.map((line) => line.length));
    const maxLines = (size >= 38 ? 3 : 4) - (hasSubtitle ? 1 : 0);
    if (lines.length <= maxLines && longest <= maxChars) return { size, lines };
  }
  return { size: 26, lines: wrap(text, 22) };
}

function tspans(lines: string[], x: number, firstY: number, lineHeight: number): string {
  return lines
    .map(
      (line, index) => `<tspan x="${x}" y="${round(firstY + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
}

function ornament(kind: number, p: Palette, cy: number): string {
  const a = p.accent;
  switch (kind) {
    case 0: // rising sun: concentric circles over a horizon rule
      return (
        `<g fill="none" stroke="${a}" stroke-width="2"><circle cx="200" cy="${cy}" r="44"/>` +
        `<circle cx="200" cy="${cy}" r="30" stroke-width="1.2"/><circle cx="200" cy="${cy}" r="16" fill="${a}"/>` +
        `<path d="M120 ${cy + 56}H280"/></g>`
      );
    case 1: {
      // nested diamonds
      const d = (r: number) => `M200 ${cy - r}L${200 + r} ${cy}L200 ${cy + r}L${200 - r} ${cy}Z`;
      return (
        `<g fill="none" stroke="${a}" stroke-width="2"><path d="${d(52)}"/><path d="${d(36)}" stroke-width="1.2"/>` +
        `<path d="${d(18)}" fill="${a}"/><path d="M110 ${cy}H148M252 ${cy}H290"/></g>`
      );
    }
    case 2: {
      // sunburst rays from a half disc
      let rays = "";
      for (let index = 0; index <= 12; index++) {
        const angle = Math.PI + (index * Math.PI) / 12;
        const x1 = 200 + Math.cos(angle) * 30;
        const y1 = cy + 30 + Math.sin(angle) * 30;
        const x2 = 200 + Math.cos(angle) * 66;
        const y2 = cy + 30 + Math.sin(angle) * 66;
        rays += `M${round(x1)} ${round(y1)}L${round(x2)} ${round(y2)}`;
      }
      return (
        `<g stroke="${a}" stroke-width="2"><path d="${rays}"/>` +
        `<path d="M176 ${cy + 30}A24 24 0 0 1 224 ${cy + 30}Z" fill="${a}"/><path d="M124 ${cy + 34}H276"/></g>`
      );
    }
    case 3: // stacked chevrons, like a rising chart
      return (
        `<g fill="none" stroke="${a}" stroke-width="3" stroke-linejoin="miter">` +
        `<path d="M150 ${cy + 30}L200 ${cy - 10}L250 ${cy + 30}"/>` +
        `<path d="M150 ${cy + 10}L200 ${cy - 30}L250 ${cy + 10}" stroke-width="2"/>` +
        `<path d="M150 ${cy - 10}L200 ${cy - 50}L250 ${cy - 10}" stroke-width="1.2"/>` +
        `<path d="M120 ${cy + 48}H280" stroke-width="1.5"/></g>`
      );
    case 4: // art-deco arches
      return (
        `<g fill="none" stroke="${a}" stroke-width="2">` +
        `<path d="M140 ${cy + 40}V${cy}A60 60 0 0 1 260 ${cy}V${cy + 40}"/>` +
        `<path d="M158 ${cy + 40}V${cy}A42 42 0 0 1 242 ${cy}V${cy + 40}" stroke-width="1.2"/>` +
        `<path d="M176 ${cy + 40}V${cy}A24 24 0 0 1 224 ${cy}V${cy + 40}Z" fill="${a}"/>` +
        `<path d="M120 ${cy + 40}H280"/></g>`
      );
    default: {
      // eight-pointed compass star
      const points: string[] = [];
      for (let index = 0; index < 16; index++) {
        const radius = index % 2 === 0 ? (index % 4 === 0 ? 56 : 38) : 14;
        const angle = -Math.PI / 2 + (index * Math.PI) / 8;
        points.push(`${round(200 + Math.cos(angle) * radius)},${round(cy + Math.sin(angle) * radius)}`);
      }
      return (
        `<polygon points="${points.join(" ")}" fill="${a}"/>` +
        `<circle cx="200" cy="${cy}" r="66" fill="none" stroke="${a}" stroke-width="1.2"/>`
      );
    }
  }
}

function frame(kind: number, p: Palette): string {
  const a = p.accent;
  if (kind === 0) {
    return (
      `<rect x="18" y="18" width="364" height="564" fill="none" stroke="${a}" stroke-width="2"/>` +
      `<rect x="26" y="26" width="348" height="548" fill="none" stroke="${a}" stroke-width=".8" opacity=".7"/>`
    );
  }
  if (kind === 1) {
    const c = 34;
    return (
      `<path d="M18 ${18 + c}V18H${18 + c}M${382 - c} 18H382V${18 + c}M382 ${582 - c}V582H${382 - c}` +
      `M${18 + c} 582H18V${582 - c}" fill="none" stroke="${a}" stroke-width="2.5"/>` +
      `<rect x="28" y="28" width="344" height="544" fill="none" stroke="${a}" stroke-width=".8" opacity=".5"/>`
    );
  }
  return (
    `<rect y="0" width="400" height="14" fill="${a}"/><rect y="586" width="400" height="14" fill="${a}"/>` +
    `<path d="M24 30H376M24 570H376" stroke="${a}" stroke-width="1"/>`
  );
}

function cover(title: string): string {
  const design = designs.get(title) ?? designFor(hash(title));
  const p = palettes[design.palette] as Palette;
  const ornamentKind = design.ornament;
  const frameKind = design.frame;
  const author = reprintAuthors[title];

  const colon = title.indexOf(": ");
  const main = colon === -1 ? title : title.slice(0, colon);
  const subtitle = colon === -1 ? "" : title.slice(colon + 2);
  const fitted = fitTitle(main, subtitle !== "");
  const titleLead = fitted.size * 1.14;
  const subLines = subtitle ? balancedWrap(subtitle, 25) : [];
  const subSize = 21;
  const subLead = 27;

  // Vertically centre the title block (title, rule, subtitle) between the ornament and the author line.
  const ruleGap = 44;
  const blockHeight =
    fitted.lines.length * titleLead + (subLines.length ? ruleGap + subLines.length * subLead : 0);
  const top = 250 + Math.max(0, (250 - blockHeight) / 2);
  const titleY = top + fitted.size * 0.8;
  const ruleY = top + fitted.lines.length * titleLead + ruleGap / 2 - 4;
  const subY = top + fitted.lines.length * titleLead + ruleGap + subSize * 0.2;

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
      ` role="img" aria-label="${escapeXml(title)}">`,
    `<rect width="${width}" height="${height}" fill="${p.bg}"/>`,
    `<circle cx="200" cy="150" r="84" fill="${p.shade}"/>`,
    frame(frameKind, p),
    ornament(ornamentKind, p, 150),
    `<text font-family="${serif}" font-size="${fitted.size}" font-weight="600" fill="${p.ink}"` +
      ` text-anchor="middle">${tspans(fitted.lines, centerX, titleY, titleLead)}</text>`,
  ];
  if (subLines.length) {
    parts.push(
      `<path d="M170 ${round(ruleY)}H193M207 ${round(ruleY)}H230" stroke="${p.accent}" stroke-width="1.5"/>` +
        `<rect x="196" y="${round(ruleY - 4)}" width="8" height="8" fill="${p.accent}"` +
        ` transform="rotate(45 200 ${round(ruleY)})"/>`,
      `<text font-family="${serif}" font-size="${subSize}" font-style="italic" fill="${p.ink}" opacity=".9"` +
        ` text-anchor="middle">${tspans(subLines, centerX, subY, subLead)}</text>`,
    );
  }
  parts.push(
    `<text x="${centerX}" y="534" font-family="${serif}" font-size="14" letter-spacing="3" fill="${p.accent}"` +
      ` text-anchor="middle">${escapeXml((author ?? seriesName).toUpperCase())}</text>`,
  );
  if (author) {
    parts.push(
      `<text x="${centerX}" y="556" font-family="${serif}" font-size="13" font-style="italic" fill="${p.ink}"` +
        ` opacity=".75" text-anchor="middle">A public-domain classic</text>`,
    );
  }
  parts.push("</svg>\n");
  return parts.join("");
}

const placeholder =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
  ` role="img" aria-label="Cover unavailable">` +
  `<rect width="${width}" height="${height}" fill="#e7e5e0"/>` +
  `<rect x="18" y="18" width="364" height="564" fill="none" stroke="#b5b0a6" stroke-width="2"/>` +
  `<g fill="none" stroke="#8f8a80" stroke-width="6" stroke-linejoin="round" stroke-linecap="round">` +
  `<path d="M200 236C174 218 140 212 110 214V334C140 332 174 338 200 356C226 338 260 332 290 334V214C260 212 226 218 200 236Z"/>` +
  `<path d="M200 236V356"/></g>` +
  `<text x="200" y="420" font-family="${serif}" font-size="26" fill="#55514a" text-anchor="middle">Cover unavailable</text>` +
  "</svg>\n";

/**
 * A cover as a WebP picture: Chromium draws the SVG with the site's own serif (an SVG used as an
 * <img> can load no font) and encodes it. A picture, not the SVG, because a page of SVG covers made
 * the browser lay out and paint dozens of small documents on its main thread (a 30–50 ms task on
 * /books); a picture is decoded off it.
 */
async function rasterise(svgs: Map<string, string>, scale: number): Promise<Map<string, Buffer>> {
  const fontFace = (weight: number, style: string) => {
    const file = `@fontsource/source-serif-4/files/source-serif-4-latin-${weight}-${style}.woff2`;
    const data = readFileSync(fileURLToPath(import.meta.resolve(file))).toString("base64");
    return `@font-face{font-family:"Source Serif 4";font-weight:${weight};font-style:${style};src:url(data:font/woff2;base64,${data}) format("woff2")}`;
  };
  const css = [fontFace(400, "normal"), fontFace(400, "italic"), fontFace(600, "normal")].join("");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(`<!doctype html><style>${css}html,body{margin:0}</style><div id="c"></div>`);
    const out = new Map<string, Buffer>();
    for (const [name, svg] of svgs) {
      const data = await page.evaluate(
        async ({ svg, quality, scale }) => {
          const holder = document.getElementById("c") as HTMLElement;
          holder.innerHTML = svg;
          await document.fonts.ready;
          // Drawn from the live SVG (fonts applied) by way of a serialised copy with the faces inlined.
          const faces = [...document.styleSheets].flatMap((sheet) =>
            [...sheet.cssRules].map((r) => r.cssText),
          );
          const live = holder.firstElementChild as SVGSVGElement;
          // fitTitle estimates widths; Source Serif 4 itself runs wider on some titles. A text
          // wider than the frame's inner 316 px is scaled down to it, about its own centre line.
          for (const text of live.querySelectorAll("text")) {
            const width = text.getBBox().width;
            if (width <= 316) continue;
            const size = Number(text.getAttribute("font-size"));
            text.setAttribute("font-size", String(Math.floor(((size * 316) / width) * 10) / 10));
          }
          const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
          style.textContent = faces.filter((f) => f.startsWith("@font-face")).join("");
          live.prepend(style);
          const url = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(live.outerHTML)))}`;
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = Math.round(live.width.baseVal.value * scale);
          canvas.height = Math.round(live.height.baseVal.value * scale);
          canvas.getContext("2d")?.drawImage(img, 0, 0, canvas.width, canvas.height);
          return canvas.toDataURL("image/webp", quality).split(",")[1] ?? "";
        },
        { svg, quality: 0.7, scale },
      );
      out.set(name, Buffer.from(data, "base64"));
    }
    return out;
  } finally {
    await browser.close();
  }
}

const outDir = fileURLToPath(new URL("../public/covers/", import.meta.url));
mkdirSync(outDir, { recursive: true });

// Two widths (BookCard's srcset): 320 px for a phone's two columns, 480 px for wider or sharper
// screens. The designs are drawn at 400 x 600 and scaled.
const pictures = new Map<string, Buffer>();
for (const width of COVER_WIDTHS) {
  const svgs = new Map<string, string>();
  for (const book of books)
    svgs.set(coverFile(book.cover, width).replace(/^\/covers\//, ""), cover(book.title));
  for (const [name, webp] of await rasterise(svgs, width / 400)) pictures.set(name, webp);
}

const expected = new Set(["placeholder.svg"]);
let largest = 0;
let total = 0;
for (const [name, webp] of pictures) {
  if (webp.subarray(8, 12).toString("latin1") !== "WEBP")
    throw new Error(`${name}: Chromium did not encode a WebP`);
  writeFileSync(outDir + name, webp);
  expected.add(name);
  largest = Math.max(largest, webp.length);
  total += webp.length;
}
writeFileSync(`${outDir}placeholder.svg`, placeholder);

// Remove covers left over from retitled or removed books (and the SVG covers of before).
for (const file of readdirSync(outDir)) {
  if (!expected.has(file)) rmSync(outDir + file);
}

console.log(
  `Wrote ${books.length} covers and placeholder.svg to public/covers ` +
    `in ${COVER_WIDTHS.join(" and ")} px (${designs.size} distinct designs, largest ${largest} bytes, ${total} in all).`,
);
